import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * One numeral system per language: a rule's message says its numbers in the page's digits, as the
 * hints beside it do ("أدخل من ٨ إلى ١١ رقمًا", never "8 إلى 11" on an Arabic page).
 */
describe('numbers in messages, in Chromium', () => {
  const app = useAppServer()
  const expected = { en: 'Enter 8 to 11 digits.', ar: 'أدخل من ٨ إلى ١١ رقمًا.' } as const

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const)
      it(`the phone rule's message uses the language's digits (${locale}, ${size})`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        try {
          await signInThroughForm(page, demo.teacher)
          await page.waitForURL((url) => url.pathname === '/')
          await page.goto('/settingProfile')
          await page.getByTestId('profile-form').waitFor()
          await page.getByTestId('profile-phone').fill('12')
          await page.getByTestId('profile-submit').click()
          const error = page.getByTestId('profile-phone-error')
          await expect.poll(() => error.innerText()).toBe(expected[locale])
          expect(await error.innerText()).not.toMatch(locale === 'ar' ? /[0-9]/ : /[٠-٩]/)
          await shotOf(page.getByTestId('profile-form'), `message-digits-${locale}-${size}`)
          expect(await axeFindings(page)).toEqual([])
        } finally {
          await context.close()
        }
      })
})
