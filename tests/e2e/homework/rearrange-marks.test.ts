import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { markCorrectedByApi, openCorrection } from '../support/correction.ts'
import { apiCall, insertHomework, tokenOf } from '../support/homework-api.ts'
import { screenshot, shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Issue 21, re-arrange marking: an item earns its share when it is in its own place, so the ✓ or ✗
 * beside each item is "in the right place or not" and one line says how the partial credit was
 * worked out — on the teacher's correction screen and in the student's review of her graded work.
 * The days of the week, Saturday first: she swaps Monday and Tuesday and gets three of five in place
 * (the old longest-run rule marked Tuesday or Monday ✓ in a wrong place).
 */
const days = {
  en: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday'],
  ar: ['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء'],
} as const
const herOrder = ['d1', 'd2', 'd4', 'd3', 'd5']
const inPlace = ['true', 'true', 'false', 'false', 'true']
const credit = {
  en: '3 of 5 items in the right place: 3 × 2 ÷ 5 = 1.2',
  ar: '٣ من ٥ عناصر في مكانها الصحيح: ٣ × ٢ ÷ ٥ = ١٫٢',
} as const
const score = { en: '1.2 of 2', ar: '١٫٢ من ٢' } as const

/** A homework of one re-arrange question worth 2, its right answers released with the marks; the demo student hands in her order. */
const handedIn = async (baseURL: string, locale: Locale, size: Size) => {
  const ar = locale === 'ar'
  const set = await insertHomework(baseURL, demo.teacher, {
    title: `${ar ? 'أيام الأسبوع' : 'Days of the week'} ${size}`,
    text: ar
      ? 'رتّب أيام الأسبوع من أوله إلى آخره، ثم راجع ترتيبك قبل التسليم، وانتبه إلى بداية الأسبوع.'
      : 'Put the days of the week in order from its first day, then check your order before you hand it in.',
    answersRelease: 'afterGrading',
    questions: [
      {
        type: 6,
        id: 'days',
        header: ar ? 'رتّب الأيام.' : 'Put the days in order.',
        degree: 2,
        items: days[locale].map((text, index) => ({ id: `d${index + 1}`, text })),
      },
    ],
  })
  const token = await tokenOf(baseURL, demo.student)
  const opened = await apiCall<{ version: number }>(baseURL, 'POST', '/school/api/Student/OpenHomework', token, { homeworkId: set.homeworkId })
  const submitted = await apiCall(baseURL, 'POST', '/school/api/Student/SubmitHomework', token, {
    homeworkId: set.homeworkId,
    version: opened.data.version,
    answers: { days: { type: 6, order: herOrder } },
  })
  expect(submitted.code).toBe(200)
  return set
}

/** Her order as shown, each item's place mark (data and the ✓ or ✗ seen), and the credit line. */
const expectMarkedByPlace = async (question: Locator, locale: Locale) => {
  const items = question.getByTestId('review-order-item')
  await items.first().waitFor()
  const herDays = herOrder.map((id) => days[locale][Number(id.slice(1)) - 1]!)
  expect(await items.evaluateAll((rows) => rows.map((row) => row.querySelector('[dir=auto]')?.textContent))).toEqual(herDays)
  expect(await items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-in-place')))).toEqual(inPlace)
  const seen = await items.evaluateAll((rows) => rows.map((row) => row.querySelector('[aria-hidden]')?.textContent))
  expect(seen).toEqual(inPlace.map((right) => (right === 'true' ? '✓' : '✗')))
  expect(await question.getByTestId('rearrange-credit').innerText()).toBe(credit[locale])
  expect(await question.getByTestId('question-score').innerText()).toBe(score[locale])
}

const rearrangeView = (page: Page, mode: 'correcting' | 'reviewing') => page.locator(`[data-testid=question-view][data-mode=${mode}][data-type="6"]`)

describe('re-arrange marked by place, with the credit explained (issue 21) in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>) {
      it(`the correction screen and her review mark each item in or out of its place and say how 1.2 of 2 was worked out (${locale}, ${size})`, async () => {
        const { homeworkId, room } = await handedIn(app.server.url, locale, size)

        // The teacher opens the work by keyboard: the handed-in student's row, Enter.
        const teacher = await openCorrection(app, locale, size, room, homeworkId)
        const row = teacher.page.locator('[data-testid=correction-student]:has([data-status=ready])')
        await row.focus()
        await teacher.page.keyboard.press('Enter')
        await teacher.page.getByTestId('correction-work').waitFor()
        const correcting = rearrangeView(teacher.page, 'correcting')
        await expectMarkedByPlace(correcting, locale)
        expect(await correcting.getByTestId('review-right-order').count()).toBe(1)
        expect(await axeFindings(teacher.page)).toEqual([])
        if (size === 'phone') await shotOf(correcting, `rearrange-marks-${locale}-phone-correction`)
        else await screenshot(teacher.page, `rearrange-marks-${locale}-desktop-correction`)
        await teacher.context.close()

        // Corrected, the right order released: her review marks the same items and says the same line.
        expect((await markCorrectedByApi(app.server.url, homeworkId)).code).toBe(200)
        const student = await openWith(app.browser, app.server.url, locale, size)
        await signInThroughForm(student.page, demo.student)
        await student.page.getByTestId('my-homework-card').first().waitFor()
        await student.page.goto(`/my-homework/${homeworkId}`)
        await student.page.locator('[data-testid=my-homework-answer][data-status=done]').waitFor()
        const reviewing = rearrangeView(student.page, 'reviewing')
        await expectMarkedByPlace(reviewing, locale)
        expect(await reviewing.getByTestId('question-outcome').getAttribute('data-outcome')).toBe('partial')
        expect(await axeFindings(student.page)).toEqual([])
        if (size === 'phone') await shotOf(reviewing, `rearrange-marks-${locale}-phone-review`)
        else await screenshot(student.page, `rearrange-marks-${locale}-desktop-review`)
        await student.context.close()
      }, 120_000)
    }
})
