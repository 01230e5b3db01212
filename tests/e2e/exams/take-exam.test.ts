import { describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Locale, type Size } from '../support/contexts.ts'
import { assignedExam } from '../support/exams-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: {
    title: 'Fractions monthly exam',
    invalid: 'This exam URL is not valid anymore, it is for one use only',
    essay: 'Half of eight is four.',
  },
  ar: {
    title: 'امتحان الكسور الشهري',
    invalid: 'رابط هذا الامتحان لم يعد صالحًا، فهو للاستخدام مرة واحدة فقط',
    essay: 'نصف الثمانية أربعة.',
  },
} as const

const questionsIn = (locale: Locale): ReadonlyArray<Question> => {
  const ar = locale === 'ar'
  return [
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
    { type: 4, id: 'explain', header: ar ? 'اشرح كيف تجد نصف العدد ٨.' : 'Explain how you find half of 8.', degree: 3 },
  ]
}

const remaining = async (page: import('playwright-core').Page) => Number(await page.getByTestId('exam-countdown').getAttribute('data-remaining-ms'))

describe('taking an exam through its single-use link in Chromium', () => {
  const app = useAppServer()

  for (const [locale, size] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const satisfies ReadonlyArray<readonly [Locale, Size]>) {
    const w = words[locale]
    it(`a student starts from her home, answers with the map and review marks, continues after a reload, finishes once; the link then opens nowhere (${locale}, ${size})`, async () => {
      const examId = await assignedExam(app.server.url, { title: `${w.title} ${size}`, questions: questionsIn(locale), durationMinutes: 30 })
      const { page: s } = await openWith(app.browser, app.server.url, locale, size)
      await signInThroughForm(s, demo.student)
      const card = s.getByTestId('my-exams-card')
      await card.waitFor()
      expect(await s.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await axeFindings(s)).toEqual([])
      await card.locator(`[data-testid=my-exam][data-exam-id="${examId}"]`).getByTestId('my-exam-start').click()

      // The instructions: nothing started yet.
      const instructions = s.getByTestId('exam-instructions')
      await instructions.waitFor()
      const examUrl = s.url()
      expect(await instructions.innerText()).toContain(locale === 'ar' ? '٣٠' : '30')
      expect(await s.getByTestId('exam-question-count').innerText()).toContain(locale === 'ar' ? '٣' : '3')
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `take-exam-${locale}-${size}-instructions`)
      // By keyboard: the start button takes Enter.
      await s.getByTestId('exam-start').focus()
      await s.keyboard.press('Enter')

      // Answering: one question at a time, the countdown from the server's deadline, the map.
      await s.getByTestId('exam-answering').waitFor()
      const left = await remaining(s)
      expect(left).toBeGreaterThan(29 * 60_000)
      expect(left).toBeLessThanOrEqual(30 * 60_000)
      const map = s.getByTestId('exam-map-item')
      expect(await map.count()).toBe(3)
      expect(await map.nth(0).getAttribute('aria-current')).toBe('step')
      await s.getByTestId('question-view').getByTestId('answer-option').nth(1).click()
      await s.getByTestId('exam-mark').click()
      expect(await s.getByTestId('exam-mark').getAttribute('aria-pressed')).toBe('true')
      expect(await map.nth(0).getAttribute('data-answered')).toBe('true')
      expect(await map.nth(0).getAttribute('data-marked')).toBe('true')
      await s.getByTestId('exam-next').click()
      expect(await s.getByTestId('exam-question-position').innerText()).toContain(locale === 'ar' ? '٢' : '2')
      await s.getByTestId('question-view').getByTestId('answer-true').click()
      // The map by keyboard: the third question, then its answer.
      await map.nth(2).focus()
      await s.keyboard.press('Enter')
      expect(await map.nth(2).getAttribute('aria-current')).toBe('step')
      await s.getByTestId('question-view').getByTestId('answer-text').fill(w.essay)
      await s.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor()
      await s.waitForTimeout(1000)
      await s.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await screenshot(s, `take-exam-${locale}-${size}-answering`)

      // A reload on the same device continues: her answers and marks, the countdown from the server's deadline.
      await s.waitForTimeout(1500)
      await s.reload()
      await s.getByTestId('exam-answering').waitFor()
      const afterReload = await remaining(s)
      expect(afterReload).toBeLessThan(left)
      expect(afterReload).toBeGreaterThan(left - 60_000)
      expect(await map.nth(0).getAttribute('data-marked')).toBe('true')
      expect(await s.locator('[data-testid=exam-map-item][data-answered]').count()).toBe(3)
      await map.nth(2).click()
      expect(await s.getByTestId('question-view').getByTestId('answer-text').inputValue()).toBe(w.essay)
      // An answer changed just before a reload (within the page's 700 ms save delay) is not lost, and is saved.
      const revised = `${w.essay} ${w.essay}`
      await s.getByTestId('question-view').getByTestId('answer-text').fill(revised)
      await s.reload()
      await s.getByTestId('exam-answering').waitFor()
      await map.nth(2).click()
      expect(await s.getByTestId('question-view').getByTestId('answer-text').inputValue()).toBe(revised)
      await s.locator('[data-testid=exam-save-state]:not([data-waiting])').waitFor()

      // The same link on another device: not valid, with the way to her exams.
      const other = await openWith(app.browser, app.server.url, locale, 'desktop')
      await signInThroughForm(other.page, demo.student)
      await other.page.getByTestId('my-exams-card').waitFor()
      await other.page.goto(examUrl)
      await other.page.getByTestId('exam-link-invalid').waitFor()
      expect(await other.page.getByTestId('exam-link-invalid').innerText()).toContain(w.invalid)
      expect(await axeFindings(other.page)).toEqual([])
      await screenshot(other.page, `take-exam-${locale}-link-invalid`)
      await other.page.getByTestId('exam-to-my-exams').click()
      await other.page.getByTestId('my-exams-page').waitFor()
      await other.context.close()

      // Finish, confirmed in a dialog; no way back.
      await s.getByTestId('exam-finish').click()
      await s.getByTestId('exam-finish-confirm').waitFor()
      expect(await axeFindings(s)).toEqual([])
      await s.getByTestId('exam-finish-confirm').click()
      await s.getByTestId('exam-finished').waitFor()
      await screenshot(s, `take-exam-${locale}-${size}-finished`)
      await s.goBack()
      await s.goto(examUrl)
      await s.getByTestId('exam-link-invalid').waitFor()
      await s.getByTestId('exam-to-my-exams').click()
      await s.locator(`[data-testid=my-exam][data-exam-id="${examId}"][data-attempt=finished]`).waitFor()
      expect(await s.locator(`[data-testid=my-exam][data-exam-id="${examId}"]`).getByTestId('my-exam-start').count()).toBe(0)
    })
  }
})
