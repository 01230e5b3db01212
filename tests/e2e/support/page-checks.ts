import type { Locator, Page } from 'playwright-core'

/** Presses Tab until `target` has the focus (at most `max` times): it is reached by keyboard alone. */
export const tabTo = async (page: Page, target: Locator, max = 80) => {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((node) => node === document.activeElement)) return
  }
  throw new Error('never reached by Tab')
}

/** How many pixels the page is wider than its window (0 or less: nothing scrolls sideways, on a 390 px phone too). */
export const wider = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
