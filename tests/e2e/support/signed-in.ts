import type { Browser } from 'playwright-core'
import { signInThroughForm } from './app.ts'
import { openWith, type Locale, type Size } from './contexts.ts'

/**
 * A fresh browser context in `locale` at `size` with `account` signed in through the form, once the
 * app has taken her home: where a test of a signed-in page starts (it then goes where it tests).
 */
export const openSignedIn = async (browser: Browser, baseURL: string, account: { email: string; password: string }, locale: Locale, size: Size) => {
  const opened = await openWith(browser, baseURL, locale, size)
  await signInThroughForm(opened.page, account)
  await opened.page.waitForURL((url) => url.pathname === '/')
  return opened
}
