import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { AnswersRelease } from '../../../plugins/homework/contract/answers-release.ts'
import type { CorrectionList, StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Issue 21: after handing in, a student reads her own work back: her answers read-only; once her
 * teacher marked it corrected, per answer right, wrong or partly right with the score and the
 * teacher's comments; and the right answers only when the teacher's release setting allows.
 */
const words = {
  en: { title: 'Review of halves', essay: 'Half of eight is four.', comment: 'Show the division, please.', overall: 'Good effort overall.' },
  ar: { title: 'مراجعة الأنصاف', essay: 'نصف الثمانية أربعة.', comment: 'اكتب القسمة من فضلك.', overall: 'جهد جيد عمومًا.' },
} as const

const setHomework = (baseURL: string, locale: Locale, answersRelease: AnswersRelease, suffix: string) => {
  const ar = locale === 'ar'
  return insertHomework(baseURL, demo.teacher, {
    title: `${words[locale].title} ${suffix}`,
    text: ar
      ? 'اقرأ كل سؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجاباتك قبل التسليم.'
      : 'Read each question carefully, answer it in its place, and check your answers before you hand them in.',
    answersRelease,
    questions: [
      {
        type: 2,
        id: 'half',
        header: ar ? 'كم نصف العدد ١٠؟' : 'What is half of 10?',
        degree: 2,
        options: [
          { id: 'a', text: '4', correct: false },
          { id: 'b', text: '5', correct: true },
        ],
      },
      { type: 3, id: 'quarter', header: ar ? 'الربع أكبر من النصف.' : 'A quarter is more than a half.', degree: 1, correct: false },
      { type: 4, id: 'explain', header: ar ? 'اشرح كيف تجد نصف العدد ٨.' : 'Explain how you find half of 8.', degree: 3, modelAnswer: '8 ÷ 2 = 4' },
      {
        type: 6,
        id: 'days',
        header: ar ? 'رتّب الأيام.' : 'Put the days in order.',
        degree: 1,
        items: [
          { id: 'd1', text: ar ? 'السبت' : 'Saturday' },
          { id: 'd2', text: ar ? 'الأحد' : 'Sunday' },
          { id: 'd3', text: ar ? 'الاثنين' : 'Monday' },
        ],
      },
    ],
  })
}

/** The teacher marks the paragraph 2.5 of 3 with a comment, comments on the whole work and marks it corrected (her screen has its own tests). */
const markCorrected = async (baseURL: string, homeworkId: number, locale: Locale) => {
  const token = await tokenOf(baseURL, demo.teacher)
  const list = await apiCall<CorrectionList>(baseURL, 'GET', `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`, token)
  const handedIn = list.data.students.find((student) => student.status === 'ready')!
  const work = await apiCall<SubmissionForCorrection>(
    baseURL,
    'GET',
    `/school/api/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${handedIn.studentId}`,
    token,
  )
  const done = await apiCall(baseURL, 'POST', '/school/api/HomeWork/MarkSubmissionCorrected', token, {
    homeworkId,
    studentId: handedIn.studentId,
    version: work.data.version,
    reviews: [{ questionId: 'explain', score: 2.5, comment: words[locale].comment }],
    comment: words[locale].overall,
  })
  expect(done.code).toBe(200)
}

const reviewing = (page: Page) => page.locator('[data-testid=question-view][data-mode=reviewing]')
const outcomes = (page: Page) => page.getByTestId('question-outcome').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-outcome')))
/** What only the right answers show: a right option marked, the right order, a model answer. */
const rightAnswersShown = async (page: Page) =>
  (await page.locator('[data-testid=review-option][data-correct]').count()) +
  (await page.getByTestId('review-right-order').count()) +
  (await page.getByText('8 ÷ 2 = 4').count())

describe('a student reads her work back after handing in, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>) {
      it(`hands in, sees her answers, then her marks, comments and (only when released) the right answers (${locale}, ${size})`, async () => {
        const w = words[locale]
        const released = await setHomework(app.server.url, locale, 'afterGrading', `${size} 1`)
        const never = await setHomework(app.server.url, locale, 'never', `${size} 2`)
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await signInThroughForm(page, demo.student)
        await page.getByTestId('my-homework-card').waitFor()

        // She answers three of four questions and hands in.
        await page.goto(`/my-homework/${released.homeworkId}`)
        const questions = page.getByTestId('question-view')
        await questions.nth(0).waitFor()
        await questions.nth(0).getByTestId('answer-option').nth(1).click()
        await questions.nth(1).getByTestId('answer-true').click()
        await questions.nth(2).getByTestId('answer-text').fill(w.essay)
        await page.getByTestId('my-homework-submit').click()
        await page.getByTestId('my-homework-submit-confirm').click()
        await page.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()

        // Handed in: her own answers, read-only; no marks yet, no right answers (released after grading).
        await reviewing(page).nth(3).waitFor()
        expect(await reviewing(page).count()).toBe(4)
        expect(await page.getByTestId('answer-option').count()).toBe(0)
        expect(await page.locator('[data-testid=review-option][data-picked]').innerText()).toContain('5')
        expect(await page.getByText(w.essay).count()).toBe(1)
        expect(await page.getByTestId('question-outcome').count()).toBe(0)
        expect(await rightAnswersShown(page)).toBe(0)
        expect(await page.locator('[data-testid=my-homework-key-state]:not([data-released])').count()).toBe(1)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `student-review-${locale}-${size}-handed-in`)

        // Corrected: per answer right, wrong or partly right with its score and comment, the overall comment, the right answers.
        await markCorrected(app.server.url, released.homeworkId, locale)
        await page.reload()
        await page.locator('[data-testid=my-homework-answer][data-status=done]').waitFor()
        await page.getByTestId('my-homework-result-grade').waitFor()
        expect((await outcomes(page)).slice(0, 3)).toEqual(['correct', 'incorrect', 'partial'])
        expect(await page.getByTestId('question-score').nth(2).innerText()).toBe(locale === 'ar' ? '٢٫٥ من ٣' : '2.5 of 3')
        expect(await page.getByTestId('question-comment').innerText()).toContain(w.comment)
        expect(await page.getByTestId('my-homework-result-comment').innerText()).toContain(w.overall)
        expect(await page.getByTestId('my-homework-result-grade').innerText()).toContain(locale === 'ar' ? '٤٫٥' : '4.5')
        expect(await page.locator('[data-testid=my-homework-key-state][data-released]').count()).toBe(1)
        expect(await page.locator('[data-testid=review-option][data-correct]').innerText()).toContain('5')
        expect(await page.getByTestId('review-right-order').count()).toBe(1)
        expect(await page.getByText(w.essay).count()).toBe(1)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `student-review-${locale}-${size}-corrected`)
        if (size === 'phone') await shotOf(page.getByTestId('my-homework-result-question').nth(2), `student-review-${locale}-phone-corrected-paragraph`)

        // "Never": marked and commented all the same, the right answers never.
        const token = await tokenOf(app.server.url, demo.student)
        const opened = await apiCall<StudentHomework>(app.server.url, 'POST', '/school/api/Student/OpenHomework', token, { homeworkId: never.homeworkId })
        const answers = { half: { type: 2, selected: 'b' }, quarter: { type: 3, value: true }, explain: { type: 4, text: w.essay } }
        const submitted = await apiCall(app.server.url, 'POST', '/school/api/Student/SubmitHomework', token, {
          homeworkId: never.homeworkId,
          version: opened.data.version,
          answers,
        })
        expect(submitted.code).toBe(200)
        await markCorrected(app.server.url, never.homeworkId, locale)
        await page.goto(`/my-homework/${never.homeworkId}`)
        await page.locator('[data-testid=my-homework-answer][data-status=done]').waitFor()
        await page.getByTestId('question-comment').waitFor()
        expect((await outcomes(page)).slice(0, 3)).toEqual(['correct', 'incorrect', 'partial'])
        expect(await page.getByTestId('my-homework-result-comment').innerText()).toContain(w.overall)
        expect(await rightAnswersShown(page)).toBe(0)
        expect(await page.locator('[data-testid=my-homework-key-state]:not([data-released])').count()).toBe(1)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `student-review-${locale}-${size}-never`)

        // Keyboard alone: Tab reaches the page's "Back" link (after the shell's), Enter follows it.
        const onBack = () =>
          page.evaluate(
            () =>
              document.activeElement?.closest('[data-testid=my-homework-answer]') !== null && document.activeElement?.getAttribute('href') === '/my-homework',
          )
        for (let step = 0; step < 40 && !(await onBack()); step++) await page.keyboard.press('Tab')
        expect(await onBack()).toBe(true)
        await page.keyboard.press('Enter')
        await page.waitForURL((url) => url.pathname === '/my-homework')
        await context.close()
      })
    }
})
