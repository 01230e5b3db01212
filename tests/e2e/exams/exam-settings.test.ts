import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { localesAndSizes, openWith, type Locale } from '../support/contexts.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { tabTo, wider } from '../support/page-checks.ts'
import { screenshot } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

const words = {
  en: { title: 'Exam settings', outOfRange: /^Enter a whole number from 0 to 3,?600\.$/u, saved: 'Exam settings saved', adminsOnly: 'For school admins' },
  ar: { title: 'إعدادات الامتحانات', outOfRange: /^أدخل عددًا صحيحًا من ٠ إلى ٣٬?٦٠٠\.$/u, saved: 'حُفظت إعدادات الامتحانات', adminsOnly: 'لمشرفي المدرسة' },
} as const

/** Digits as the page shows them in `locale`. */
const digitsIn = (locale: Locale, text: string) => (locale === 'ar' ? text.replace(/\d/gu, (digit) => String.fromCharCode(0x0660 + Number(digit))) : text)

const signIn = async (page: Page, account: { email: string; password: string }) => {
  await signInThroughForm(page, account)
  await page.waitForURL((url) => !url.pathname.startsWith('/Signin'))
}

/*
 * The school's exam settings in Chromium (issue 22's "grace period the school sets"): the admin goes
 * from her home to the page by keyboard, is told inline why a value is refused, saves another, and
 * finds it after a reload and on the server; a teacher is told the page is the admins'.
 */
describe("a school admin sets the exams' offline grace in Chromium", () => {
  const app = useAppServer()
  const graceOf = async () =>
    (
      await apiCall<{ offlineGraceSeconds: number }>(
        app.server.url,
        'GET',
        '/exam/api/ExamSettings/GetSchoolExamSettings',
        await tokenOf(app.server.url, demo.admin),
      )
    ).data.offlineGraceSeconds

  for (const [index, [locale, size]] of localesAndSizes.entries()) {
    const w = words[locale]
    // A value of its own per run, so the reload shows this run's save and not an earlier one's.
    const chosen = String(15 + 5 * index)
    it(`refuses 4000 inline, saves ${chosen} s and shows it after a reload (${locale}, ${size})`, async () => {
      const before = await graceOf()
      const { page, context } = await openWith(app.browser, app.server.url, locale, size)
      await signIn(page, demo.admin)
      // From her home's card, by keyboard.
      const link = page.getByTestId('exam-settings-link')
      await link.waitFor()
      await tabTo(page, link)
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/exams/settings')
      const field = page.getByTestId('exam-settings-grace')
      await field.waitFor()
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(w.title)
      expect(await field.inputValue()).toBe(digitsIn(locale, String(before)))

      await field.fill('4000')
      await field.press('Enter')
      const error = page.getByTestId('exam-settings-grace-error')
      await error.waitFor()
      expect(await error.innerText()).toMatch(w.outOfRange)
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      // Typed digits are shown in the page's language.
      expect(await field.inputValue()).toBe(digitsIn(locale, '4000'))
      expect(await axeFindings(page)).toEqual([])
      expect(await wider(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `exam-settings-${locale}-${size}-refused`)
      expect(await graceOf()).toBe(before)

      // Arabic-Indic digits are taken as well as Latin ones; Enter saves.
      await field.fill(digitsIn(locale, chosen))
      await field.press('Enter')
      await page.getByTestId('toast').getByText(w.saved).waitFor()
      expect(await error.count()).toBe(0)
      expect(await graceOf()).toBe(Number(chosen))
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `exam-settings-${locale}-${size}-saved`)

      await page.reload()
      await field.waitFor()
      await page.waitForFunction(
        (expected) => (document.querySelector('[data-testid=exam-settings-grace]') as HTMLInputElement | null)?.value === expected,
        digitsIn(locale, chosen),
      )
      await context.close()
    }, 90_000)
  }

  it('tells a teacher the page is the admins’ and shows her no form; the server refuses her (403)', async () => {
    const { page, context } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signIn(page, demo.teacher)
    await page.goto('/exams/settings')
    await page.getByTestId('exam-settings-admins-only').getByText(words.en.adminsOnly).waitFor()
    expect(await page.getByTestId('exam-settings-form').count()).toBe(0)
    expect(await axeFindings(page)).toEqual([])
    const refused = await fetch(`${app.server.url}/exam/api/ExamSettings/GetSchoolExamSettings`, {
      headers: { authorization: `Bearer ${await tokenOf(app.server.url, demo.teacher)}` },
    })
    expect(refused.status).toBe(403)
    await context.close()
  }, 60_000)
})
