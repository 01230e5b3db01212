import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { correctorCalls, examSatForCorrection } from '../support/exams-api.ts'
import { tokenOf } from '../support/homework-api.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: {
    scoreRule: 'Enter a score from 0, with at most two decimals.',
    aboveDegree: 'Give at most 2, the degree of this question.',
    comment: 'Clear steps; the last line is missing a unit.',
    digits: (text: string) => text,
  },
  ar: {
    scoreRule: 'أدخل درجة لا تقل عن الصفر، بمنزلتين عشريتين على الأكثر.',
    aboveDegree: 'أعطِ ٢ على الأكثر، وهي درجة هذا السؤال.',
    comment: 'خطوات واضحة، وينقص السطر الأخير وحدة القياس.',
    digits: (text: string) => text.replace(/\d/gu, (digit) => String.fromCharCode(0x0660 + Number(digit))).replace('.', '٫'),
  },
} as const

const questionsIn = (locale: Locale): ReadonlyArray<Question> => {
  const ar = locale === 'ar'
  return [
    {
      type: 2,
      id: 'q1',
      header: ar ? 'كم ناتج ٦ × ٧؟' : 'What is 6 × 7?',
      degree: 2,
      options: [
        { id: 'a', text: '36', correct: false },
        { id: 'b', text: '42', correct: true },
      ],
    },
    { type: 3, id: 'q2', header: ar ? 'كل مضاعف للعدد ٤ عدد زوجي.' : 'Every multiple of 4 is even.', degree: 1, correct: true },
    { type: 4, id: 'q3', header: ar ? 'اشرح كيف تقسم ١٢ حلوى على ٤ أطفال.' : 'Explain how to share 12 sweets among 4 children.', degree: 3 },
  ]
}

const answers = {
  right: { q1: { type: 2, selected: 'b' }, q2: { type: 3, value: true }, q3: { type: 4, text: 'Three each: 12 ÷ 4 = 3.' } },
  wrong: { q1: { type: 2, selected: 'a' }, q2: { type: 3, value: false }, q3: { type: 4, text: 'Four each.' } },
} as const

const runs = [
  ['en', 'desktop'],
  ['ar', 'phone'],
] as const satisfies ReadonlyArray<readonly [Locale, Size]>

type Exams = { split: number; double: number }

/** Signed in once the form has left the sign-in page, so the next address opens signed in. */
const signIn = async (page: Page, account: { email: string; password: string }) => {
  await signInThroughForm(page, account)
  await page.waitForURL((url) => !url.pathname.startsWith('/Signin'))
}

const question = (page: Page, id: string) => page.locator(`[data-testid=correction-question][data-question-id=${id}]`)
const markStatus = (page: Page, id: string) => question(page, id).getByTestId('correction-mark-status')

describe('correcting exam papers in Chromium', () => {
  const app = useAppServer()
  const exams: Partial<Record<Locale, Exams>> = {}

  // Every exam of the file is sat at once, then the file waits once for them to close (their end and
  // the school's grace period, set short by examSatForCorrection): the papers are given out on the
  // first correction read after it. Each exam's end leaves time for its own sittings only.
  beforeAll(async () => {
    let closesAt = 0
    for (const [locale] of runs) {
      const sittings = [
        { account: demo.student, answers: answers.right },
        { account: demo.student2, answers: answers.wrong },
      ]
      const common = { questions: questionsIn(locale), endsInMs: 15_000, sittings }
      const split = await examSatForCorrection(app.server.url, { ...common, title: `Split ${locale}`, correctorsMode: 'split' })
      const double = await examSatForCorrection(app.server.url, { ...common, title: `Double ${locale}`, correctorsMode: 'double', markDifferenceThreshold: 1 })
      exams[locale] = { split: split.examId, double: double.examId }
      closesAt = Math.max(closesAt, split.closesAt, double.closesAt)
    }
    await new Promise((resolve) => setTimeout(resolve, closesAt - Date.now() + 1_000))
  }, 120_000)

  for (const [locale, size] of runs) {
    const w = words[locale]
    it(`split marking: a pre-scored answer overridden, a paragraph marked with a comment, the paper finished; the other corrector sees only her own paper (${locale}, ${size})`, async () => {
      const { split, double } = exams[locale]!
      const { page: t, context } = await openWith(app.browser, app.server.url, locale, size)
      await signIn(t, demo.teacher)
      await t.goto('/exams/sessions')
      const card = t.locator(`[data-testid=exam-card][data-exam-id="${split}"]`)
      await card.getByTestId('correction-exam-progress').waitFor()
      expect(await card.getByTestId('correction-exam-progress').getAttribute('data-total')).toBe('1')
      expect(await card.getByTestId('correction-exam-progress').getAttribute('data-graded')).toBe('0')
      expect(await t.locator(`[data-testid=exam-card][data-exam-id="${double}"] [data-testid=correction-exam-progress]`).getAttribute('data-total')).toBe('2')
      expect(await axeFindings(t)).toEqual([])
      expect(await wider(t)).toBeLessThanOrEqual(0)
      await screenshot(t, `exam-correction-${locale}-${size}-sessions`)
      await card.getByTestId('correction-exam-open').click()

      const paper = t.getByTestId('correction-paper')
      await paper.waitFor()
      expect(await t.getByTestId('correction-paper-link').count()).toBe(1)
      const hers = await t.getByTestId('correction-student').innerText()
      const q1 = question(t, 'q1').getByTestId('correction-score')
      // The automatic score arrives pre-filled; a paragraph waits for her mark.
      const right = (await q1.inputValue()) === w.digits('2')
      expect([w.digits('2'), w.digits('0')]).toContain(await q1.inputValue())
      expect(await markStatus(t, 'q1').getAttribute('data-status')).toBe('auto')
      expect(await markStatus(t, 'q3').getAttribute('data-status')).toBe('toMark')
      expect(await question(t, 'q3').getByTestId('correction-score').inputValue()).toBe('')

      // Finishing before the paragraph is marked says what is missing.
      await t.getByTestId('correction-finish').click()
      await t.getByTestId('correction-unmarked').waitFor()

      // The shared score rule, in the catalogue's words, before anything is sent; then the override by keyboard.
      await q1.fill('1.555')
      await q1.press('Enter')
      await question(t, 'q1').getByText(w.scoreRule).waitFor()
      await q1.fill('5')
      await q1.press('Enter')
      await question(t, 'q1').getByText(w.aboveDegree).waitFor()
      expect(await axeFindings(t)).toEqual([])
      await q1.fill(right ? '1.5' : '0.5')
      await q1.press('Enter')
      await t.locator('[data-testid=correction-question][data-question-id=q1] [data-testid=correction-mark-status][data-status=marked]').waitFor()

      // The paragraph, graded by hand with a comment.
      await question(t, 'q3').getByTestId('correction-score').fill('2.5')
      await question(t, 'q3').getByTestId('correction-comment').fill(w.comment)
      await question(t, 'q3').getByTestId('correction-save-mark').click()
      await t.locator('[data-testid=correction-question][data-question-id=q3] [data-testid=correction-mark-status][data-status=marked]').waitFor()
      await t.getByTestId('correction-finish').click()
      await t.locator('[data-testid=correction-paper-status][data-graded=true]').waitFor()
      await t.locator('[data-testid=correction-paper-link][data-graded=true]').waitFor()
      expect(await axeFindings(t)).toEqual([])
      expect(await wider(t)).toBeLessThanOrEqual(0)
      await screenshot(t, `exam-correction-${locale}-${size}-paper-graded`)
      // A reload keeps her marks and comment, from the server.
      await t.reload()
      await t.locator('[data-testid=correction-paper-status][data-graded=true]').waitFor()
      expect(await question(t, 'q1').getByTestId('correction-score').inputValue()).toBe(w.digits(right ? '1.5' : '0.5'))
      expect(await question(t, 'q3').getByTestId('correction-comment').inputValue()).toBe(w.comment)
      const teachersPaper = await paper.getAttribute('data-session-id')
      await context.close()

      // The supervisor, the other corrector, has her own paper only: another student's; the teacher's answers her 404.
      const { page: s, context: other } = await openWith(app.browser, app.server.url, locale, size)
      await signIn(s, demo.supervisor)
      await s.goto(`/exams/sessions/examcorrect/${split}`)
      await s.getByTestId('correction-paper').waitFor()
      expect(await s.getByTestId('correction-paper-link').count()).toBe(1)
      expect(await s.getByTestId('correction-student').innerText()).not.toBe(hers)
      expect(await s.getByTestId('correction-paper').getAttribute('data-session-id')).not.toBe(teachersPaper)
      await s.goto(`/exams/sessions/examcorrect/${split}?paper=${teachersPaper}`)
      await s.getByTestId('correction-paper-error').waitFor()
      expect(await s.getByTestId('correction-paper').count()).toBe(0)
      await other.close()
    }, 180_000)

    it(`double marking: keyboard alone for next, previous and marking; the supervisor settles the flagged difference (${locale}, ${size})`, async () => {
      const { double } = exams[locale]!
      const { page: s, context } = await openWith(app.browser, app.server.url, locale, size)
      await signIn(s, demo.supervisor)
      await s.goto(`/exams/sessions/examcorrect/${double}`)
      const paper = s.getByTestId('correction-paper')
      await paper.waitFor()
      expect(await s.getByTestId('correction-paper-link').count()).toBe(2)
      const first = (await paper.getAttribute('data-session-id'))!
      // Alt+↓ and Alt+↑: the next and previous paper, the heading taking the focus.
      await s.keyboard.press('Alt+ArrowDown')
      await s.locator(`[data-testid=correction-paper]:not([data-session-id="${first}"])`).waitFor()
      const second = (await paper.getAttribute('data-session-id'))!
      expect(await s.evaluate(() => document.activeElement?.id)).toBe('correction-paper-heading')
      await s.keyboard.press('Alt+ArrowUp')
      await s.locator(`[data-testid=correction-paper][data-session-id="${first}"]`).waitFor()

      // Her mark on the paragraph by keyboard alone: Tab to it, type, Tab to the comment, Enter on "Save mark".
      const score = question(s, 'q3').getByTestId('correction-score')
      await tabTo(s, score)
      await s.keyboard.type('0')
      await s.keyboard.press('Tab')
      await s.keyboard.type(words[locale].comment)
      await s.keyboard.press('Tab')
      await s.keyboard.press('Enter')
      await s.locator('[data-testid=correction-question][data-question-id=q3] [data-testid=correction-mark-status][data-status=marked]').waitFor()
      await tabTo(s, s.getByTestId('correction-finish'))
      await s.keyboard.press('Enter')
      await s.locator('[data-testid=correction-paper-status][data-graded=true]').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `exam-correction-${locale}-${size}-double-paper`)

      // The other paper, and the teacher's marks, from their own devices: q3 differs by 3 on the first paper (over the threshold of 1).
      const supervisor = correctorCalls(app.server.url, await tokenOf(app.server.url, demo.supervisor))
      await supervisor.markAndFinish(Number(second), { q3: 3 })
      const teacher = correctorCalls(app.server.url, await tokenOf(app.server.url, demo.teacher))
      for (const line of await teacher.papers(double)) await teacher.markAndFinish(line.sessionId, { q3: 3 })

      await s.goto('/exams/sessions')
      const flagged = s.locator(`[data-testid=correction-differences][data-exam-id="${double}"] [data-testid=correction-difference]`)
      await flagged.first().waitFor()
      expect(await flagged.count()).toBe(1)
      expect(await flagged.getAttribute('data-session-id')).toBe(first)
      expect((await flagged.getByTestId('correction-difference-marker').allInnerTexts()).length).toBe(2)
      expect(await axeFindings(s)).toEqual([])
      expect(await wider(s)).toBeLessThanOrEqual(0)
      await screenshot(s, `exam-correction-${locale}-${size}-differences`)
      const settle = flagged.getByTestId('correction-difference-score')
      await settle.fill('4')
      await settle.press('Enter')
      await flagged.getByText(locale === 'ar' ? 'أعطِ ٣ على الأكثر، وهي درجة هذا السؤال.' : 'Give at most 3, the degree of this question.').waitFor()
      await settle.fill('2')
      await settle.press('Enter')
      await flagged
        .locator('[data-testid=correction-difference-status]')
        .getByText(locale === 'ar' ? '٢' : '2')
        .waitFor()
      // Settled, the exam is done: it leaves the list of exams to correct.
      await s.reload()
      await s.getByTestId('sessions-differences').waitFor()
      await s.locator(`[data-testid=exam-card][data-exam-id="${double}"]`).waitFor({ state: 'detached' })
      await context.close()
    }, 180_000)
  }
})
