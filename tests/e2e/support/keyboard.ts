import type { Locator, Page } from 'playwright-core'

/** Focuses a control and presses Enter: the keyboard, not the mouse. */
export const pressEnterOn = async (page: Page, control: Locator) => {
  await control.focus()
  await page.keyboard.press('Enter')
}

/** Replaces an input's text by keyboard: select all, then type over it. */
export const typeInto = async (page: Page, input: Locator, text: string) => {
  await input.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}
