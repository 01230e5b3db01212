import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { PrivateCommentThread } from '../../../plugins/homework/contract/private-comments.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openCorrection, setCorrectionHomework, studentWrites } from '../support/correction.ts'
import { openWith, type Size } from '../support/contexts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Issue 21: private comments between a student and her teacher on one piece of work (as
 * Classroom's). She writes on her homework page before and after handing in, once without network
 * (kept on the device, sent when it is back, once); her teacher reads and answers beside her work on
 * the correction screen. Keyboard only for the writing; axe-core clean.
 */
const words = {
  en: { ask: 'Is question 3 about halves?', offline: 'Written on the bus, no signal.', after: 'Handed in, thank you!', reply: 'Yes: show the division.' },
  ar: { ask: 'هل السؤال ٣ عن الأنصاف؟', offline: 'كتبته في الحافلة بلا شبكة.', after: 'سلّمت، شكرًا!', reply: 'نعم، اكتب القسمة.' },
} as const

const comments = (page: Page) => page.getByTestId('private-comment')

/** Types into the comment box and posts with the keyboard alone: Tab from the box reaches "Post", Enter posts. */
const postByKeyboard = async (page: Page, text: string) => {
  await page.getByTestId('private-comment-text').focus()
  await page.keyboard.insertText(text)
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('private-comment-post')
  await page.keyboard.press('Enter')
}

describe('private comments between a student and her teacher, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>) {
      it(`she asks before and after handing in (once offline), her teacher answers beside her work (${locale}, ${size})`, async () => {
        const w = words[locale]
        const { homeworkId, room } = await setCorrectionHomework(app.server.url, `Comments ${locale} ${size}`)
        const student = await openWith(app.browser, app.server.url, locale, size)
        const page = student.page
        await signInThroughForm(page, demo.student)
        await page.getByTestId('my-homework-card').waitFor()
        await page.goto(`/my-homework/${homeworkId}`)
        await page.getByTestId('private-comments-empty').waitFor()

        // Before handing in.
        await postByKeyboard(page, w.ask)
        await page.locator('[data-testid=private-comment][data-mine]:not([data-waiting])').waitFor()
        expect(await comments(page).innerText()).toContain(w.ask)
        expect(await page.getByTestId('private-comment-text').inputValue()).toBe('')

        // Offline: kept on the device, shown as waiting; sent when the network is back, once.
        await student.context.setOffline(true)
        await postByKeyboard(page, w.offline)
        await page.locator('[data-testid=private-comment][data-waiting]').waitFor()
        expect(await page.locator('[data-testid=private-comment][data-waiting]').innerText()).toContain(w.offline)
        expect(await axeFindings(page)).toEqual([])
        await student.context.setOffline(false)
        await page.locator('[data-testid=private-comment][data-waiting]').waitFor({ state: 'detached', timeout: 30_000 })
        expect(await comments(page).count()).toBe(2)

        // After handing in, the thread is still there and open.
        await studentWrites(app.server.url, homeworkId, true)
        await page.reload()
        await page.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()
        await comments(page).nth(1).waitFor()
        await postByKeyboard(page, w.after)
        await page.locator('[data-testid=private-comment][data-mine]:not([data-waiting])').nth(2).waitFor()
        const token = await tokenOf(app.server.url, demo.student)
        const stored = await apiCall<PrivateCommentThread>(app.server.url, 'GET', `/school/api/Student/GetMyPrivateComments?HomeworkID=${homeworkId}`, token)
        expect(stored.data.comments.map((comment) => comment.text)).toEqual([w.ask, w.offline, w.after])
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `private-comments-${locale}-${size}-student`)
        if (size === 'phone') await shotOf(page.getByTestId('private-comments'), `private-comments-${locale}-phone-student-thread`)

        // Her teacher: the thread beside her work, and her answer.
        const teacher = await openCorrection(app, locale, size, room, homeworkId)
        await teacher.page.locator('[data-testid=correction-student]:has([data-status=ready])').first().click()
        await teacher.page.getByTestId('correction-work').waitFor()
        const thread = teacher.page.getByTestId('private-comments')
        await thread.getByTestId('private-comment').nth(2).waitFor()
        expect(await thread.locator('[data-testid=private-comment][data-mine]').count()).toBe(0)
        expect(await thread.innerText()).toContain(w.offline)
        await postByKeyboard(teacher.page, w.reply)
        await thread.locator('[data-testid=private-comment][data-mine]:not([data-waiting])').waitFor()
        expect(await axeFindings(teacher.page)).toEqual([])
        await screenshot(teacher.page, `private-comments-${locale}-${size}-teacher`)
        await teacher.context.close()

        // She reads the answer, from her teacher.
        await page.reload()
        await comments(page).nth(3).waitFor()
        expect(await comments(page).nth(3).getAttribute('data-mine')).toBeNull()
        expect(await comments(page).nth(3).innerText()).toContain(w.reply)
        await student.context.close()
      })
    }
})
