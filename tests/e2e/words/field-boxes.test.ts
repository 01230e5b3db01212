import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeFindings } from '../support/axe.ts'
import { openWith, type Size } from '../support/contexts.ts'
import { addQuestion, openHomeworkTab } from '../support/homework-form.ts'
import { shotOf } from '../support/screenshots.ts'
import { useAppServer } from '../support/suite.ts'

/**
 * Every field (input, text area) stays inside its card: its border box stays within the card's
 * content box (inside the padding), at the phone's 390 px and at a desk, in both directions.
 * Measured in the browser, to the fraction of a pixel a rounding error would add.
 */
const overflowingFields = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    for (const field of document.querySelectorAll<HTMLElement>('main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main textarea')) {
      const box = field.getBoundingClientRect()
      // Ark's hidden native selects and radios are 1 px, off to the side on purpose.
      if (box.width <= 1) continue
      // The card: the nearest framed box with padding around what it holds.
      let holder = field.parentElement
      while (holder !== null && holder !== document.body) {
        const style = getComputedStyle(holder)
        if (style.borderInlineStartWidth !== '0px' && style.paddingInlineStart !== '0px') break
        holder = holder.parentElement
      }
      if (holder === null || holder === document.body) continue
      const card = holder.getBoundingClientRect()
      const style = getComputedStyle(holder)
      const start = card.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
      const end = card.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
      if (box.left < start - 0.01 || box.right > end + 0.01)
        found.push(`${field.dataset.testid ?? field.id} ${box.left.toFixed(2)}–${box.right.toFixed(2)} in ${start.toFixed(2)}–${end.toFixed(2)}`)
    }
    return found
  })

describe('fields inside their cards, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>)
      it(`the sign-in, homework form and profile fields stay inside their card (${locale}, ${size})`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        try {
          await page.goto('/Signin')
          await page.getByTestId('signin-email').waitFor()
          expect(await overflowingFields(page)).toEqual([])
          await shotOf(page.locator('main'), `field-boxes-signin-${locale}-${size}`)
          expect(await axeFindings(page)).toEqual([])
          await openHomeworkTab(page)
          await page.getByTestId('homework-new').click()
          await page.getByTestId('homework-start-date').waitFor()
          await addQuestion(page, 1)
          expect(await overflowingFields(page)).toEqual([])
          await shotOf(page.locator('main'), `field-boxes-homework-form-${locale}-${size}`)
          expect(await axeFindings(page)).toEqual([])
          await page.goto('/settingProfile')
          await page.getByTestId('profile-form').waitFor()
          await page.getByTestId('password-form').waitFor()
          expect(await overflowingFields(page)).toEqual([])
          expect(await axeFindings(page)).toEqual([])
        } finally {
          await context.close()
        }
      })
})
