import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { doneExam } from '../support/exams-api.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/** A choice worth 2, a true/false worth 1 (the answer: false) and a paragraph worth 3, marked by hand: 6 in all. */
const questions: ReadonlyArray<Question> = [
  {
    type: 2,
    id: 'half',
    header: 'What is half of 10?',
    degree: 2,
    options: [
      { id: 'a', text: '4', correct: false },
      { id: 'b', text: '5', correct: true },
    ],
  },
  { type: 3, id: 'quarter', header: 'A quarter is more than a half.', degree: 1, correct: false },
  { type: 4, id: 'explain', header: 'Explain how you find half of 8.', degree: 3 },
]

/*
 * The exam's results in Chromium against the real server: an exam brought to done through the API
 * (Grade 4 A's student right on the choice and the true/false, 2 of 3 by hand: 5 of 6; Grade 4 B's
 * wrong on both, 1 by hand: 1 of 6), then, in order, the teacher reads and publishes it from the
 * page, each student sees her own mark and the Arabic pages on a phone and a desk. The tests share
 * the one exam (waiting for an exam's end and grace period takes a while), so they run in order.
 */
describe("an exam's results in Chromium", () => {
  const app = useAppServer()
  let examId = 0

  beforeAll(async () => {
    examId = await doneExam(app.server.url, {
      title: 'Halves results exam',
      questions,
      answers: {
        student: { half: { type: 2, selected: 'b' }, quarter: { type: 3, value: false }, explain: { type: 4, text: 'Split it in two.' } },
        student2: { half: { type: 2, selected: 'a' }, quarter: { type: 3, value: true }, explain: { type: 4, text: 'I do not know.' } },
      },
      handScores: { student: { explain: 2 }, student2: { explain: 1 } },
    })
  }, 120_000)

  const open = async (account: { email: string; password: string }, locale: Locale, size: Size) => {
    const opened = await openWith(app.browser, app.server.url, locale, size)
    await signInThroughForm(opened.page, account)
    await opened.page.waitForURL((url) => url.pathname === '/')
    return opened
  }

  const marksShown = (page: import('playwright-core').Page, scope: string) =>
    page
      .locator(`${scope} [data-testid=result-mark]`)
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-mark')).filter((mark) => mark !== 'absent'))

  it('before publishing a student sees nothing of it; the teacher finds it on /results, reads the marks per class room, per student and per question, downloads the CSV and publishes by keyboard (en, desktop)', async () => {
    const { page: s, context: sc } = await open(demo.student, 'en', 'phone')
    await s.goto('/exams/mine')
    await s.getByTestId('my-results-link').click()
    await s.getByTestId('my-results-page').waitFor()
    await s.locator('[data-testid=my-results-empty], [data-testid=my-results]').first().waitFor()
    expect(await s.locator(`[data-testid=my-result][data-exam-id="${examId}"]`).count()).toBe(0)
    await sc.close()

    const { page, context } = await open(demo.teacher, 'en', 'desktop')
    await page.goto('/results')
    const section = page.getByTestId('exam-results-section')
    await section.waitFor()
    expect(await page.getByTestId('nav-results-coming').count()).toBe(0)
    const line = section.locator(`[data-testid=results-line][data-exam-id="${examId}"]`)
    expect(await line.getByTestId('results-line-status').innerText()).toBe('Done')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'exam-results-en-desktop-results-page')
    await line.getByTestId('results-open').click()

    await page.getByTestId('exam-results-page').waitFor()
    await page.getByTestId('results-class-room').first().waitFor()
    expect(await page.getByTestId('exam-results-status').getAttribute('data-status')).toBe('done')
    // Per class room: Grade 4 A's one sitter 5 of 6, Grade 4 B's 1; everyone else absent.
    const averages = await page.getByTestId('results-class-room-average').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-average')))
    expect(averages).toEqual(['5', '1'])
    expect(await marksShown(page, '[data-testid=results-class-room]:nth-child(1)')).toEqual(['5'])
    expect(await marksShown(page, '[data-testid=results-class-room]:nth-child(2)')).toEqual(['1'])
    expect(await page.getByTestId('results-class-room').first().innerText()).toContain('5 / 6')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'exam-results-en-desktop-rooms', { fullPage: false })

    // The views by keyboard: the tabs follow the arrow keys.
    await page.getByTestId('results-tab-rooms').focus()
    await page.keyboard.press('ArrowRight')
    await page.getByTestId('results-students-table').waitFor()
    expect(await marksShown(page, '[data-testid=results-students-table]')).toEqual(['5', '1'])
    expect(await axeFindings(page)).toEqual([])
    await page.keyboard.press('ArrowRight')
    await page.getByTestId('results-questions').waitFor()
    const stats = await page
      .getByTestId('results-question')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.getAttribute('data-question-id'),
          row.querySelector('[data-testid=results-facility]')!.getAttribute('data-value'),
          row.querySelector('[data-testid=results-discrimination]')!.getAttribute('data-value'),
        ]),
      )
    expect(stats).toEqual([
      ['half', '0.5', '1'],
      ['quarter', '0.5', '1'],
      ['explain', '0.5', '0.333'],
    ])
    expect(await page.getByTestId('results-questions').innerText()).toContain('50%')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'exam-results-en-desktop-questions')

    // The CSV file: UTF-8 with a byte-order mark, one row per student, the two marks out of 6.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('results-download').click()])
    const bytes = readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = bytes.subarray(3).toString('utf8').trim().split('\r\n')
    expect(rows[0]).toBe('Class room,Student,Mark,Out of')
    expect(rows.filter((row) => row.endsWith(',5,6') || row.endsWith(',1,6'))).toHaveLength(2)
    expect(download.suggestedFilename()).toBe(`exam-results-${examId}.csv`)

    // Publishing, asked first, by keyboard alone.
    const publish = page.getByTestId('results-publish')
    await tabTo(page, publish)
    await page.keyboard.press('Enter')
    const confirm = page.getByTestId('results-publish-confirm')
    await confirm.waitFor()
    expect(await page.getByRole('alertdialog').innerText()).toContain('Halves results exam')
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, 'exam-results-en-desktop-confirm', { fullPage: false })
    await confirm.focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('results-published-note').waitFor()
    await expect.poll(() => page.getByTestId('exam-results-status').getAttribute('data-status')).toBe('published')
    expect(await publish.count()).toBe(0)
    await context.close()
  })

  for (const { account, locale, size, mark, other, scores, shown } of [
    { account: demo.student, locale: 'en', size: 'phone', mark: '5', other: '1', scores: ['2', '1', '2'], shown: '5 out of 6' },
    { account: demo.student2, locale: 'ar', size: 'phone', mark: '1', other: '5', scores: ['0', '0', '1'], shown: '١ من ٦' },
  ] as const) {
    it(`once published a student sees her own mark and her score per question, never another's (${locale}, ${size})`, async () => {
      const { page, context } = await open(account, locale, size)
      await page.goto('/exams/mine')
      await page.getByTestId('my-results-link').click()
      const card = page.locator(`[data-testid=my-result][data-exam-id="${examId}"]`)
      await card.waitFor()
      expect(await card.getByTestId('my-result-mark').getAttribute('data-mark')).toBe(mark)
      expect(await card.getByTestId('my-result-mark').getAttribute('data-mark')).not.toBe(other)
      expect(await card.getByTestId('my-result-question').count()).toBe(3)
      const given = await card.locator('[data-testid=my-result-question] td').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-score')))
      expect(given).toEqual(scores)
      expect(await card.innerText()).toContain(shown)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-results-${locale}-${size}-student`)
      await context.close()
    })
  }

  for (const [locale, size] of [
    ['ar', 'phone'],
    ['ar', 'desktop'],
    ['en', 'phone'],
  ] as const satisfies ReadonlyArray<readonly [Locale, Size]>) {
    it(`the teacher's results list and the published exam's page read well (${locale}, ${size})`, async () => {
      const { page, context } = await open(demo.teacher, locale, size)
      await page.goto('/exams/results')
      const line = page.locator(`[data-testid=results-line][data-exam-id="${examId}"]`)
      await line.waitFor()
      expect(await line.getByTestId('results-line-status').innerText()).toBe(locale === 'ar' ? 'منشور' : 'Published')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-results-${locale}-${size}-list`)
      await line.getByTestId('results-open').click()
      await page.getByTestId('results-class-room').first().waitFor()
      expect(await page.getByTestId('results-published-note').count()).toBe(1)
      expect(await page.getByTestId('results-publish').count()).toBe(0)
      expect(await page.getByTestId('results-class-room').first().innerText()).toContain(locale === 'ar' ? '٥ / ٦' : '5 / 6')
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await shotOf(page.getByTestId('exam-results-page'), `exam-results-${locale}-${size}-exam`)
      await page.getByTestId('results-tab-questions').click()
      await page.getByTestId('results-questions').waitFor()
      expect(await wider(page)).toBeLessThanOrEqual(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-results-${locale}-${size}-questions`)
      await context.close()
    })
  }
})
