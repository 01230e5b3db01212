import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from './support/app.ts'
import { useAppServer } from './support/suite.ts'

const interactive =
  'main button, main a[href], main input:not([type=hidden]):not([aria-hidden=true]), main [role=tab], main [data-testid=home-classroom-card], header button, header a[href]'

/** Visible controls smaller than 44 × 44 CSS px (WCAG 2.5.5's size), named by test id or text. */
const smallTargets = (page: Page) =>
  page.evaluate((selector) => {
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue
      if (element.closest('[inert]') || element.matches('.sr-only, [class*="srOnly"]')) continue
      if (box.width < 44 || box.height < 44)
        small.push(
          `${element.dataset.testid ?? element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)} ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
    }
    return small
  }, interactive)

describe('on a phone in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    // What the class-room button may cover, at every scroll position: class-room-button.test.ts.
    it(`tap targets on home and profile are at least 44 px (${locale})`, async () => {
      const context = await app.browser.newContext({ baseURL: app.server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
      await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
      const page = await context.newPage()
      await signInThroughForm(page, demo.teacher)
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByTestId('home-classroom-card').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await smallTargets(page)).toEqual([])
      await page.goto('/settingProfile')
      await page.getByTestId('profile-form').waitFor()
      await page.getByTestId('password-form').waitFor()
      expect(await smallTargets(page)).toEqual([])
      await context.close()
    })
  }
})

describe('a tapped card on a phone', () => {
  const app = useAppServer()
  it('a tapped card does not stay highlighted (no hover style on touch screens)', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    const card = page.getByTestId('home-classroom-card').first()
    await card.waitFor()
    const look = () => card.evaluate((element) => `${getComputedStyle(element).borderColor} ${getComputedStyle(element).boxShadow}`)
    const before = await look()
    // A touch leaves the "mouse" where it tapped: the sticky-hover case. The card must look as before.
    await card.hover()
    expect(await look()).toBe(before)
    await context.close()
  })
})
