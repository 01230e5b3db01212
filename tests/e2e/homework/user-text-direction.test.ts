import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { CorrectionList, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { axeFindings } from '../support/axe.ts'
import { openCorrection, setCorrectionHomework, studentWrites } from '../support/correction.ts'
import type { Locale, Size } from '../support/contexts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { demo } from '../support/app.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Issue 21: every piece of user or mixed text is isolated in its own direction (src/ui/user-text.tsx).
 * In the other language's screen: a homework title with digits keeps its order and starts where the
 * line starts; the teacher's comment keeps its full stop at its own end ("Comment: أحسنت." read as
 * Arabic, not with the stop before it); a file name "رسمتي.png" reads "رسمتي.png" in English (not
 * "png.رسمتي") and as Arabic reads it in Arabic. Checked on the screen's geometry (where each
 * character is drawn), not only on attributes.
 */
const words = {
  en: { title: (size: Size) => `واجب الكسور 12 ${size === 'phone' ? 'للهاتف' : 'للحاسوب'}`, comment: 'أحسنت في الحل.', file: 'رسمتي.png' },
  ar: { title: (size: Size) => `Fractions 12 ${size}`, comment: 'Well done on this one.', file: 'my drawing.png' },
} as const

/** A 1×1 PNG: the file row shows its name whatever the checks then say. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** Her work handed in, marked corrected with an overall comment (the screen that shows it read-only). */
const markedWithComment = async (baseURL: string, homeworkId: number, comment: string) => {
  await studentWrites(baseURL, homeworkId, true)
  const token = await tokenOf(baseURL, demo.teacher)
  const list = await apiCall<CorrectionList>(baseURL, 'GET', `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`, token)
  const { studentId } = list.data.students.find((student) => student.status === 'ready')!
  const query = `HomeworkID=${homeworkId}&StudentID=${studentId}`
  const work = await apiCall<SubmissionForCorrection>(baseURL, 'GET', `/school/api/HomeWork/GetStudentSubmission?${query}`, token)
  const body = { homeworkId, studentId, version: work.data.version, reviews: [], comment }
  expect((await apiCall(baseURL, 'POST', '/school/api/HomeWork/MarkSubmissionCorrected', token, body)).code).toBe(200)
  return studentId
}

/**
 * The horizontal centre of the first drawn occurrence of `part` in the element's text (as laid out,
 * after the bidirectional algorithm): where the reader's eye finds it.
 */
const xOf = (element: Locator, part: string) =>
  element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      const box = range.getBoundingClientRect()
      return box.left + box.width / 2
    }
    throw new Error(`"${wanted}" is not in the element`)
  }, part)

const isolation = (element: Locator) => element.evaluate((node) => ({ dir: node.getAttribute('dir'), unicodeBidi: getComputedStyle(node).unicodeBidi }))

/** In its own direction the text's last character (its full stop) is drawn past its first: to the right in Latin, to the left in Arabic (one character each: a range across a direction change spans both ends). */
const endsAtItsOwnEnd = async (element: Locator, text: string, direction: 'ltr' | 'rtl') => {
  const first = await xOf(element, text.slice(0, 1))
  const stop = await xOf(element, text.slice(-1))
  expect(direction === 'rtl' ? stop < first : stop > first, `"${text}" drawn ${direction}`).toBe(true)
}

const openWork = async (page: Page, studentId: number) => {
  const row = page.locator(`[data-testid=correction-student][data-student-id="${studentId}"]`)
  await row.focus()
  await page.keyboard.press('Enter')
  await page.locator('[data-testid=correction-work][data-status=done]').waitFor()
}

describe('user text keeps its own direction in the other language, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const satisfies ReadonlyArray<Locale>)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>) {
      it(`a title with digits, a comment's full stop and a file name are isolated (${locale}, ${size})`, async () => {
        const w = words[locale]
        const textDirection = locale === 'en' ? 'rtl' : 'ltr' // the user text is in the other language
        const { homeworkId, room } = await setCorrectionHomework(app.server.url, w.title(size))
        const studentId = await markedWithComment(app.server.url, homeworkId, w.comment)
        const { context, page } = await openCorrection(app, locale, size, room, homeworkId)

        // The homework's title: isolated in its own direction, starting where the heading's line starts.
        const heading = page.getByRole('heading', { level: 1 })
        const title = heading.locator('[data-user-text]')
        expect(await title.innerText()).toBe(w.title(size))
        expect(await isolation(title)).toEqual({ dir: textDirection, unicodeBidi: 'isolate' })
        const [headingBox, titleBox] = [(await heading.boundingBox())!, (await title.boundingBox())!]
        if (locale === 'en') expect(Math.abs(titleBox.x - headingBox.x)).toBeLessThan(2)
        else expect(Math.abs(titleBox.x + titleBox.width - (headingBox.x + headingBox.width))).toBeLessThan(2)
        // The student's name in the list is isolated too.
        expect((await isolation(page.getByTestId('correction-student-name').first())).unicodeBidi).toBe('isolate')

        // Her work, opened with the keyboard: the comment in the other language keeps its stop at its own end.
        await openWork(page, studentId)
        const comment = page.getByTestId('correction-comment-shown')
        await endsAtItsOwnEnd(comment, w.comment, textDirection)
        expect(await axeFindings(page)).toEqual([])
        if (size === 'phone') await shotOf(page.getByTestId('correction-work'), `user-text-${locale}-phone-correction`)
        else await screenshot(page, `user-text-${locale}-desktop-correction`, { fullPage: false })

        // A file name in the other script, on the course form.
        await page.goto('/courses/create')
        await page.getByTestId('course-files-input').setInputFiles({ name: w.file, mimeType: 'image/png', buffer: png })
        const name = page.locator('[data-testid=course-attachment] [data-file-name]')
        await name.waitFor()
        expect(await name.innerText()).toBe(w.file)
        const stem = await xOf(name, w.file.slice(0, 3))
        const extension = await xOf(name, 'png')
        // English reads it left to right ("رسمتي.png"); Arabic keeps a Latin name as written ("my drawing.png").
        expect(extension > stem, `${w.file}: the extension after the name`).toBe(true)
        expect(await axeFindings(page)).toEqual([])
        if (size === 'phone') await shotOf(page.getByTestId('course-attachments'), `user-text-${locale}-phone-file`)
        await context.close()
      })
    }
})
