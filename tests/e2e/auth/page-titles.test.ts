import { describe, expect, it } from 'vitest'
import ar from '../../../plugins/auth/locales/signed-out/ar.json' with { type: 'json' }
import en from '../../../plugins/auth/locales/signed-out/en.json' with { type: 'json' }
import { openWith } from '../support/contexts.ts'
import { useAppServer } from '../support/suite.ts'

const catalogues = { en, ar } as const
/** The shell's page-title pattern: a middle dot in English, a dash in Arabic (a dot beside Arabic-Indic digits reads as a zero). */
const titled = { en: (page: string) => `${page} · Fasl`, ar: (page: string) => `${page} – فصل` } as const

/**
 * Every signed-out page names its browser tab in the reader's language, never with a message id
 * ("home.nav.label · Fasl" was what a signed-out visitor to `/` saw), and the sign-in page speaks to
 * every account, not only to teachers.
 */
describe('signed-out pages have real titles, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['desktop', 'phone'] as const)
      it(`sign-in, reached from home, and forgot password are named in ${locale} (${size})`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        try {
          const messages = catalogues[locale]
          await page.goto('/')
          await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin')
          await expect.poll(() => page.title()).toBe(titled[locale](messages['auth.signIn.pageTitle']))
          await page.getByTestId('signin-email').waitFor()
          const card = await page.locator('main').innerText()
          expect(card).toContain(messages['auth.signIn.subtitle'])
          expect(card).not.toMatch(locale === 'ar' ? /المعلم/ : /teacher/i)
          await page.goto('/ForgetPassword')
          await expect.poll(() => page.title()).toBe(titled[locale](messages['auth.forgot.title']))
          await page.goto('/linkExpired')
          await expect.poll(() => page.title()).toBe(titled[locale](messages['auth.linkExpired.title']))
        } finally {
          await context.close()
        }
      })
})
