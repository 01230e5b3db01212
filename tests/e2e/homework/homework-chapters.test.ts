import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { SemesterOption } from '../../../plugins/classroom/contract/chapters-api.ts'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale } from '../support/contexts.ts'
import { apiCall, classRoomsOf, insertHomework, tokenOf } from '../support/homework-api.ts'
import { addQuestion, chooseOption, openHomeworkTab } from '../support/homework-form.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const text = 'Read each question carefully, answer it in its place, and check your answers before you hand them in.'
const names = {
  en: { chapter: 'Fractions', topics: ['Halves', 'Quarters', 'Thirds'], noChapter: 'No chapter' },
  ar: { chapter: 'الكسور', topics: ['الأنصاف', 'الأرباع', 'الأثلاث'], noChapter: 'بلا وحدة' },
} as const

/** How far the page is wider than the window (0: nothing scrolls sideways). */
const wider = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/**
 * A chapter of the current semester with three topics, in the first subject of the teacher's first
 * class room, made through the chapters API as the class room's page makes them.
 */
const chapterWithTopics = async (baseURL: string, token: string, name: string, topics: ReadonlyArray<string>) => {
  const [room] = await classRoomsOf(baseURL, token)
  const [subject] = (await apiCall<Array<{ id: number }>>(baseURL, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.classRoomId}`, token))
    .data
  const semesters = (
    await apiCall<ReadonlyArray<SemesterOption>>(
      baseURL,
      'GET',
      `/school/api/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${room!.classRoomId}`,
      token,
    )
  ).data
  const today = new Date().toISOString().slice(0, 10)
  const semester = semesters.find((option) => option.startsOn <= today && today <= option.endsOn)!
  const chapter = (
    await apiCall<{ id: number }>(baseURL, 'POST', '/school/api/Chapters/CreateChapter', token, { subjectId: subject!.id, semesterId: semester.id, name })
  ).data
  const topicIds: number[] = []
  for (const topic of topics)
    topicIds.push((await apiCall<{ id: number }>(baseURL, 'POST', '/school/api/Topics/Create', token, { chapterId: chapter.id, name: topic })).data.id)
  return { subjectId: subject!.id, chapterId: chapter.id, topicIds }
}

/**
 * Issue 21, "chapters and topics lead nowhere": the homework form tags a homework with a chapter of its
 * subject and some of that chapter's topics (picked with the keyboard), and the subject's panel on the
 * class room's overview lists the subject's homework under its chapter, "No chapter" last, where it
 * used to say homework "will be here soon".
 */
describe('homework filed under a chapter and topics in Chromium', () => {
  const app = useAppServer()

  it('tags a homework with a chapter and two topics and finds it under that chapter on the subject panel, in English and Arabic, on a desk and a phone', async () => {
    const token = await tokenOf(app.server.url, demo.teacher)
    for (const locale of ['en', 'ar'] as const satisfies ReadonlyArray<Locale>) {
      for (const size of ['desktop', 'phone'] as const) {
        const words = names[locale]
        const chapterName = `${words.chapter} ${locale} ${size}`
        const made = await chapterWithTopics(app.server.url, token, chapterName, words.topics)
        // One more homework of the subject, filed under no chapter.
        const loose = `Loose homework ${locale} ${size}`
        await insertHomework(app.server.url, demo.teacher, { title: loose, text, questions: [{ type: 4, id: 'q', header: 'Explain your answer.', degree: 1 }] })

        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await openHomeworkTab(page)
        await page.getByTestId('homework-new').click()
        await page.getByTestId('homework-form').waitFor()
        const title = `Fractions practice ${locale} ${size}`
        await page.getByTestId('homework-title').fill(title)
        await page.getByTestId('homework-text').fill(text)
        await chooseOption(page, page.getByTestId('homework-subject'), String(made.subjectId))
        // The chapter: "No chapter" until one is chosen; then the chapter's topics.
        expect(await page.getByTestId('homework-chapter').innerText()).toBe(words.noChapter)
        expect(await page.getByTestId('homework-topics').count()).toBe(0)
        await chooseOption(page, page.getByTestId('homework-chapter'), String(made.chapterId))
        const topics = page.getByTestId('homework-topics')
        await topics.waitFor()

        // Two topics picked with the keyboard only: open, first topic, down twice, third topic, close.
        await topics.focus()
        await page.keyboard.press('Enter')
        const listbox = page.locator('[role=listbox]:visible')
        await listbox.waitFor()
        expect(await listbox.getAttribute('aria-multiselectable')).toBe('true')
        await expect.poll(() => page.locator('[role=option][data-highlighted]:visible').getAttribute('data-value')).toBe(String(made.topicIds[0]))
        // Each key waits for what it did to show (under load a key pressed as the list opens can be lost).
        const chosen = (id: number) => page.locator(`[role=option][data-value="${id}"]:visible`).getAttribute('aria-selected')
        // The list takes the focus once open: a key pressed before then goes to the trigger.
        await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=listbox]') != null)).toBe(true)
        await page.keyboard.press('Enter')
        await expect.poll(() => chosen(made.topicIds[0]!)).toBe('true')
        await page.keyboard.press('ArrowDown')
        await page.keyboard.press('ArrowDown')
        await expect.poll(() => page.locator('[role=option][data-highlighted]:visible').getAttribute('data-value')).toBe(String(made.topicIds[2]))
        await page.keyboard.press('Enter')
        await expect.poll(() => chosen(made.topicIds[2]!)).toBe('true')
        await page.keyboard.press('Escape')
        await listbox.waitFor({ state: 'hidden' })
        const shown = await topics.innerText()
        expect(shown).toContain(words.topics[0])
        expect(shown).toContain(words.topics[2])
        expect(shown).not.toContain(words.topics[1])

        const question = await addQuestion(page, 4)
        await question.getByTestId('question-header').fill(locale === 'ar' ? 'اشرح كيف تقسم ١٢ على ٣.' : 'Explain how you share 12 among 3.')
        expect(await wider(page)).toBeLessThanOrEqual(0)
        expect(await axeFindings(page)).toEqual([])
        await shotOf(page.getByTestId('homework-chapter-fields'), `homework-chapters-${locale}-${size}-form`)

        const sent = page.waitForRequest((request) => request.url().includes('/HomeWork/InsertHomeWork'))
        await page.getByTestId('homework-save').click()
        const body = (await sent).postDataJSON() as { chapterId: number | null; topicIds: ReadonlyArray<number> }
        expect(body.chapterId).toBe(made.chapterId)
        expect([...body.topicIds].sort((a, b) => a - b)).toEqual([made.topicIds[0], made.topicIds[2]])
        const line = page.locator('[data-testid=homework-line]', { hasText: title })
        await expect.poll(() => line.evaluateAll((lines) => lines.map((entry) => entry.hasAttribute('data-waiting'))), { timeout: 15_000 }).toEqual([false])

        // The classroom tab: the subject's homework by chapter, the new one under its chapter with its topics, "No chapter" last.
        await page.getByTestId('classroom-tab-classRoom').click()
        const section = page.locator('[data-testid=subject-homework]:visible')
        await section.waitFor()
        const group = section.locator(`[data-testid=subject-homework-chapter][data-chapter="${made.chapterId}"]`)
        await group.waitFor()
        expect(await group.getByRole('heading').innerText()).toBe(chapterName)
        const item = group.getByTestId('subject-homework-item').filter({ hasText: title })
        expect(await item.count()).toBe(1)
        const topicLine = await item.getByTestId('subject-homework-topics').innerText()
        expect(topicLine).toContain(words.topics[0])
        expect(topicLine).toContain(words.topics[2])
        const chapters = await section
          .getByTestId('subject-homework-chapter')
          .evaluateAll((groups) => groups.map((entry) => entry.getAttribute('data-chapter')))
        expect(chapters.at(-1)).toBe('none')
        const none = section.locator('[data-testid=subject-homework-chapter][data-chapter=none]')
        expect(await none.getByRole('heading').innerText()).toBe(words.noChapter)
        expect(await none.getByTestId('subject-homework-item').filter({ hasText: loose }).count()).toBe(1)
        expect(await page.getByText(locale === 'ar' ? 'ستظهر هنا قريبًا' : 'will be here soon').count()).toBe(0)
        // Its title opens its correction.
        expect(await item.getByRole('link', { name: title }).getAttribute('href')).toMatch(/homeworkStudentsList\?.*homework=\d+/u)
        expect(await wider(page)).toBeLessThanOrEqual(0)
        expect(await axeFindings(page)).toEqual([])
        await shotOf(section, `homework-chapters-${locale}-${size}-subject`)
        await screenshot(page, `homework-chapters-${locale}-${size}-classroom`)
        await context.close()
      }
    }
  }, 240_000)
})
