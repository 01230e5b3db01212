import { describe, expect, it } from 'vitest'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { localesAndSizes, openWith, type Locale } from '../support/contexts.ts'
import { insertHomework } from '../support/homework-api.ts'
import { screenshot } from '../support/screenshots.ts'
import { handInFromPage, openMyHomework } from '../support/student-homework.ts'

const words = {
  en: { title: 'Undo check', answer: 'Eight shared by two is four.', undone: 'In progress', ready: 'Handed in' },
  ar: { title: 'تجربة التراجع', answer: 'ثمانية مقسومة على اثنين تساوي أربعة.', undone: 'قيد الحل', ready: 'تم التسليم' },
} as const

const setHomework = (baseURL: string, locale: Locale) =>
  insertHomework(baseURL, demo.teacher, {
    title: words[locale].title,
    text:
      locale === 'ar'
        ? 'اقرأ السؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجابتك قبل التسليم النهائي.'
        : 'Read the question carefully, answer it in its place, and check your answer before you hand it in.',
    questions: [{ type: 4, id: 'explain', header: locale === 'ar' ? 'كم نصف العدد ٨؟' : 'What is half of 8?', degree: 2 }],
  })

/** Issue 21: a student takes her hand-in back before the due date (Classroom's "unsubmit"), her answers kept. */
describe('undoing a hand-in in Chromium', () => {
  const app = useAppServer()

  for (const [locale, size] of localesAndSizes) {
    it(`she hands in, undoes it after a confirmation, finds her answer as a draft and hands in again (${locale}, ${size})`, async () => {
      const w = words[locale]
      const { homeworkId } = await setHomework(app.server.url, locale)
      const { page } = await openWith(app.browser, app.server.url, locale, size)
      await openMyHomework(page, homeworkId)
      await page.getByTestId('answer-text').fill(w.answer)
      await handInFromPage(page)
      const undo = page.getByTestId('my-homework-undo')
      await undo.waitFor()
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `student-${locale}-${size}-undo-offered`)
      // Asked first; keeping it handed in changes nothing.
      await undo.click()
      await page.getByRole('alertdialog').waitFor()
      expect(await axeFindings(page)).toEqual([])
      await page.keyboard.press('Escape')
      expect(await page.locator('[data-testid=my-homework-answer]').getAttribute('data-status')).toBe('ready')
      await undo.click()
      await page.getByTestId('my-homework-undo-confirm').click()
      await page.locator('[data-testid=my-homework-answer][data-status=in_progress]').waitFor()
      expect(await page.getByTestId('answer-text').inputValue()).toBe(w.answer)
      expect(await page.getByTestId('my-homework-status').innerText()).toBe(w.undone)
      expect(await page.getByTestId('my-homework-undo').count()).toBe(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `student-${locale}-${size}-undone`)
      // After a reload the server's word: still a draft, and it can be handed in again.
      await page.reload()
      await page.locator('[data-testid=my-homework-answer][data-status=in_progress]').waitFor()
      expect(await page.getByTestId('answer-text').inputValue()).toBe(w.answer)
      await handInFromPage(page)
      expect(await page.getByTestId('my-homework-status').innerText()).toBe(w.ready)
      await page.context().close()
    }, 120_000)
  }
})
