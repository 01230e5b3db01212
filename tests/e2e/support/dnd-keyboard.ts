import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Locale } from './contexts.ts'

/** What dnd-kit's live regions announce right now, all of them in one text. */
export const liveRegion = (page: Page) => page.locator('[id^=DndLiveRegion]').evaluateAll((regions) => regions.map((region) => region.textContent).join(' '))

/** The order a re-arrange question shows: its items' texts without their numbers. */
export const orderIn = (question: Locator) =>
  question.locator('[data-testid=order-item]').evaluateAll((items) => items.map((item) => item.textContent?.replace(/^[0-9٠-٩]+/u, '') ?? ''))

/**
 * Puts the steps in order with the keyboard alone, a key at a time as a person presses them: Space
 * picks up (announced as `pickedUp`), the arrows move in reading order (mirrored in Arabic), Space drops.
 */
export const orderByKeyboard = async (
  page: Page,
  question: Locator,
  steps: ReadonlyArray<string>,
  { locale, pickedUp }: { locale: Locale; pickedUp: string },
) => {
  const backward = locale === 'ar' ? 'ArrowRight' : 'ArrowLeft'
  const forward = locale === 'ar' ? 'ArrowLeft' : 'ArrowRight'
  for (const [target, step] of steps.entries()) {
    const at = (await orderIn(question)).indexOf(step)
    if (at === target) continue
    await question.locator('[data-testid=order-item]').nth(at).focus()
    await page.keyboard.press('Space')
    await expect.poll(() => liveRegion(page)).toContain(pickedUp)
    // dnd-kit measures the drop targets in the frames after a pick-up; a key pressed before then has nowhere to go.
    await page.waitForTimeout(150)
    for (let moves = Math.abs(at - target); moves > 0; moves -= 1) {
      await page.keyboard.press(at > target ? backward : forward)
      await page.waitForTimeout(100)
    }
    await page.keyboard.press('Space')
    await expect.poll(() => orderIn(question).then((now) => now.indexOf(step))).toBe(target)
  }
  expect(await orderIn(question)).toEqual([...steps])
}

/** Matches each right-hand item to its left-hand one with the keyboard alone: Space, down through the places, Space. */
export const connectByKeyboard = async (page: Page, question: Locator, pairs: ReadonlyArray<readonly [string, string]>) => {
  for (const [left, right] of pairs) {
    const rows = await question.locator('[data-testid=connect-row]').evaluateAll((found) => found.map((row) => row.textContent ?? ''))
    const rowIndex = rows.findIndex((text) => text.includes(left))
    await question.locator('[data-testid=connect-pool] [data-testid=match-chip]', { hasText: right }).focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(150)
    for (let moves = 0; moves <= rowIndex; moves += 1) {
      await page.keyboard.press('ArrowDown')
      await page.waitForTimeout(100)
    }
    await expect.poll(() => liveRegion(page)).toContain(left)
    await page.keyboard.press('Space')
    await expect.poll(() => question.locator('[data-testid=connect-row]', { hasText: left }).getByTestId('connect-slot').innerText()).toBe(right)
  }
  expect(await question.locator('[data-testid=connect-pool] [data-testid=match-chip]').count()).toBe(0)
}
