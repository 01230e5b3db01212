import type { Page } from 'playwright-core'

/**
 * Records `milliseconds` from Chromium's fake microphone on the page's audio question, stops, and
 * waits until the recording is sent and the draft naming it is stored (twice: a save may follow).
 */
export const recordAndSend = async (page: Page, milliseconds: number) => {
  const recorder = page.getByTestId('audio-recorder')
  await recorder.getByTestId('audio-recorder-start').click()
  await recorder.getByTestId('audio-recorder-stop').waitFor()
  await page.waitForTimeout(milliseconds)
  await recorder.getByTestId('audio-recorder-stop').click()
  await page.locator('[data-testid=audio-recorder][data-sending=sent]').waitFor({ timeout: 30_000 })
  await page.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
  await page.waitForTimeout(1200)
  await page.locator('[data-testid=my-homework-draft-state]:not([data-waiting])').waitFor()
}
