import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** Screenshots for a person to look at, written only when SCREENSHOT_DIR names a folder. */
const folder = () => {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return null
  mkdirSync(dir, { recursive: true })
  return dir
}

/** The whole page, or only what the window shows (`fullPage: false`, for a dialog over it). */
export const screenshot = async (page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) => {
  const dir = folder()
  if (dir !== null) await page.screenshot({ path: join(dir, `${name}.png`), fullPage })
}

/** One part of the page, at its own size (a full phone page is too tall to read as one picture). */
export const shotOf = async (locator: Locator, name: string) => {
  const dir = folder()
  if (dir !== null) await locator.screenshot({ path: join(dir, `${name}.png`) })
}
