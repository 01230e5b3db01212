import type { Browser } from 'playwright-core'

export type Locale = 'en' | 'ar'
export const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 }, smallPhone: { width: 320, height: 640 } } as const
export type Size = keyof typeof sizes

/** Each language at each of the two sizes a test covers, the language alternating so both meet both sizes. */
export const localesAndSizes = [
  ['en', 'desktop'],
  ['ar', 'phone'],
  ['en', 'phone'],
  ['ar', 'desktop'],
] as const satisfies ReadonlyArray<readonly [Locale, Size]>

/** A fresh browser context (nothing shared with another test's) in the app's language, at a desk or on a touch phone. */
export const openWith = async (browser: Browser, baseURL: string, locale: Locale, size: Size) => {
  const onPhone = size !== 'desktop'
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: sizes[size], isMobile: onPhone, hasTouch: onPhone })
  await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
  return { context, page: await context.newPage() }
}
