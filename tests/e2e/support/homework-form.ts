import type { Locator, Page } from 'playwright-core'
import { demo, signInThroughForm } from './app.ts'

/** Signs the demo teacher in and opens her first class room's homework tab. */
export const openHomeworkTab = async (page: Page) => {
  await signInThroughForm(page, demo.teacher)
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('home-classroom-card').first().click()
  await page.getByTestId('classroom-page').waitFor()
  await page.getByTestId('classroom-tab-homework').click()
  await page.getByTestId('homework-panel').waitFor()
}

/** Picks `value` in an Ark select opened by `trigger`. */
export const chooseOption = async (page: Page, trigger: Locator, value: string) => {
  await trigger.click()
  await page.locator(`[role=option][data-value="${value}"]:visible`).click()
}

/** Adds a question of a type at the end of the form's list and answers the card it made. */
export const addQuestion = async (page: Page, type: number) => {
  await chooseOption(page, page.getByTestId('question-new-type'), String(type))
  await page.getByTestId('question-add').click()
  return page.getByTestId('question-card').last()
}
