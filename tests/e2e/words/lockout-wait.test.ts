import { describe, expect, it } from 'vitest'
import { demo } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { openWith } from '../support/contexts.ts'
import { shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * After too many wrong passwords the sign-in page says how long to wait (the 15-minute window,
 * in whole minutes), in the page's language and its digits, not only "wait a while".
 */
describe('the lockout says how long to wait, in Chromium', () => {
  // Three wrong passwords lock an account; each test locks its own (a different demo account).
  const app = useAppServer({ FASL_SIGNIN_LIMIT_PER_ACCOUNT: '3' })
  const cases = [
    { locale: 'en', size: 'phone', account: demo.teacher, wait: 'Please try again in 15 minutes.' },
    { locale: 'ar', size: 'phone', account: demo.teacher2, wait: 'يرجى المحاولة مرة أخرى بعد ١٥ دقيقة.' },
    { locale: 'en', size: 'desktop', account: demo.supervisor, wait: 'Please try again in 15 minutes.' },
    { locale: 'ar', size: 'desktop', account: demo.student, wait: 'يرجى المحاولة مرة أخرى بعد ١٥ دقيقة.' },
  ] as const

  for (const { locale, size, account, wait } of cases)
    it(`the sign-in page names the wait after a lockout (${locale}, ${size})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, size)
      try {
        await page.goto('/Signin')
        await page.getByTestId('signin-email').fill(account.email)
        for (let attempt = 0; attempt < 4; attempt++) {
          await page.getByTestId('signin-password').fill(`Wrong#${attempt}x`)
          await page.getByTestId('signin-submit').click()
          await page.getByTestId('signin-error').waitFor()
          await expect.poll(() => page.getByTestId('signin-submit').isEnabled()).toBe(true)
        }
        await expect.poll(() => page.getByTestId('signin-error').innerText()).toContain(wait)
        expect(await page.getByTestId('signin-error').innerText()).not.toMatch(locale === 'ar' ? /[0-9]/ : /[٠-٩]/)
        await shotOf(page.locator('main'), `lockout-${locale}-${size}`)
        expect(await axeFindings(page)).toEqual([])
      } finally {
        await context.close()
      }
    })
})
