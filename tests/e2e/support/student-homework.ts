import type { Page } from 'playwright-core'
import { demo, signInThroughForm } from './app.ts'

/** Signs the demo student in and opens one homework from her list. */
export const openMyHomework = async (page: Page, homeworkId: number) => {
  await signInThroughForm(page, demo.student)
  await page.getByTestId('my-homework-card').waitFor()
  await page.locator(`[data-testid=my-homework-item][data-homework-id="${homeworkId}"]`).click()
  await page.getByTestId('my-homework-answer').waitFor()
}

/** Hands her work in from its page (the button, then the confirmation) and waits for the server's "handed in". */
export const handInFromPage = async (page: Page) => {
  await page.getByTestId('my-homework-submit').click()
  await page.getByTestId('my-homework-submit-confirm').click()
  await page.locator('[data-testid=my-homework-answer][data-status=ready]').waitFor()
}
