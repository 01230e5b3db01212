import type { Browser } from 'playwright-core'

export type Locale = 'en' | 'ar'
export const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
export type Size = keyof typeof sizes

/** A fresh browser context (nothing shared with another test's) in a language, at a desk or on a touch phone. */
export const openWith = async (browser: Browser, baseURL: string, locale: Locale, size: Size) => {
  const context = await browser.newContext({ baseURL, viewport: sizes[size], isMobile: size === 'phone', hasTouch: size === 'phone' })
  await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
  return { context, page: await context.newPage() }
}
