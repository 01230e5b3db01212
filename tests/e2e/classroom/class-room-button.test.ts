import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith } from '../support/contexts.ts'

/**
 * With the page scrolled to `top`, what the class-room button hides: at points 4 px apart across
 * its box, the element painted directly beneath the button (document.elementsFromPoint gives the
 * stack). Something is covered when that element is, or is inside, a control, a card or a piece
 * of the page's content; the button's own container (a bar) beneath it covers nothing.
 */
const coveredAt = (page: Page, top: number) =>
  page.evaluate(async (scrollTop) => {
    window.scrollTo({ top: scrollTop, behavior: 'instant' })
    // Let layout and any scroll-driven state settle: two frames after the scroll.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const button = document.querySelector<HTMLElement>('[data-testid=classroom-fab]')
    if (button === null) return ['no class-room button']
    const box = button.getBoundingClientRect()
    // Covering nothing by not being there does not count: the button is on screen and on top.
    const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (box.width === 0 || centre === null || !button.contains(centre)) return [`class-room button out of reach at ${scrollTop} px`]
    const controls = 'button, a[href], input, select, textarea, [role=button], [role=tab], main section, main form, main li, main p, main h1, main h2, main h3'
    // A card: a box of its own (background and border) inside the content.
    const card = (element: Element) => {
      for (let at: Element | null = element; at !== null && at.tagName !== 'MAIN'; at = at.parentElement) {
        const style = getComputedStyle(at)
        if (parseFloat(style.borderTopWidth) > 0 && parseFloat(style.borderTopLeftRadius) > 0 && style.backgroundColor !== 'rgba(0, 0, 0, 0)') return at
      }
      return null
    }
    const covered = new Set<string>()
    for (let x = box.left + 1; x < box.right - 1; x += 4) {
      for (let y = box.top + 1; y < box.bottom - 1; y += 4) {
        const stack = document.elementsFromPoint(x, y)
        const own = stack.findIndex((element) => button.contains(element))
        if (own === -1) continue
        const beneath: Element | undefined = stack.slice(own).find((element) => !button.contains(element))
        if (beneath === undefined || beneath.contains(button)) continue
        const hidden = beneath.closest(controls) ?? card(beneath)
        if (hidden !== null)
          covered.add(
            `${(hidden as HTMLElement).dataset.testid ?? hidden.tagName.toLowerCase()} "${hidden.textContent?.trim().slice(0, 24) ?? ''}" at ${scrollTop} px`,
          )
      }
    }
    return [...covered]
  }, top)

/** Scrolls through the page 100 px at a time (and to its very end), collecting what the button covers. */
const coveredWhileScrolling = async (page: Page) => {
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  const stops = [...Array.from({ length: Math.floor(end / 100) + 1 }, (_, step) => step * 100), end]
  const covered: string[] = []
  for (const top of stops) covered.push(...(await coveredAt(page, top)))
  return covered
}

describe('the class-room button covers nothing at any scroll position, in Chromium', () => {
  const app = useAppServer()
  for (const size of ['phone', 'desktop'] as const) {
    for (const locale of ['en', 'ar'] as const) {
      it(`covers no control, card or text on home and profile while scrolling (${size}, ${locale})`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await signInThroughForm(page, demo.teacher)
        await page.waitForURL((url) => url.pathname === '/')
        await page.getByTestId('home-classroom-card').first().waitFor()
        await page.waitForLoadState('networkidle')
        // Long enough to scroll on a phone, or the test proves little (on a desktop the home fits).
        if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
        const home = await coveredWhileScrolling(page)
        await page.goto('/settingProfile')
        await page.getByTestId('profile-form').waitFor()
        await page.getByTestId('password-form').waitFor()
        await page.waitForLoadState('networkidle')
        expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
        const profile = await coveredWhileScrolling(page)
        expect({ home, profile }).toEqual({ home: [], profile: [] })
        await context.close()
      })
    }
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`with the class-room button in it, the top bar still fits a 320 px phone (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'smallPhone')
      await signInThroughForm(page, demo.teacher)
      await page.getByTestId('home-classroom-card').first().waitFor()
      await page.waitForLoadState('networkidle')
      const header = page.locator('header').first()
      expect(await header.evaluate((bar) => bar.scrollWidth - bar.clientWidth)).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
      await expect(page.getByTestId('classroom-fab').isVisible()).resolves.toBe(true)
      await context.close()
    })
  }
})
