import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeFindings } from './support/axe.ts'
import { useAppServer } from './support/suite.ts'
import { openWith, type Locale } from './support/contexts.ts'
import { screenshot } from './support/screenshots.ts'
import { openHomeworkTab } from './support/homework-form.ts'

const words = {
  en: { title: 'Leave without saving?', typed: 'Fractions practice' },
  ar: { title: 'المغادرة دون حفظ؟', typed: 'تمارين الكسور' },
} as const

/** Signs in, opens the first class room's homework tab and starts a new homework with a title typed. */
const startHomework = async (page: Page, typed: string) => {
  await openHomeworkTab(page)
  await page.getByTestId('homework-new').click()
  await page.getByTestId('homework-title').fill(typed)
}

const address = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** The question is shown; it is an alert dialog with the page's words, and nothing else has happened yet. */
const asked = async (page: Page, locale: Locale) => {
  const dialog = page.getByRole('alertdialog')
  await dialog.waitFor()
  expect(await dialog.getByRole('heading').innerText()).toBe(words[locale].title)
  return dialog
}

const stillEditing = async (page: Page, where: string, typed: string) => {
  await page.getByRole('alertdialog').waitFor({ state: 'detached' })
  expect(address(page)).toBe(where)
  expect(await page.getByTestId('homework-title').inputValue()).toBe(typed)
}

describe('leaving a page with unsaved work asks first, in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    const typed = words[locale].typed

    it(`the side bar, a class-room tab and the back button ask; Stay keeps what was typed, Leave goes (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await startHomework(page, typed)
      const editing = address(page)

      // A side-bar link: asked, the page stays; Escape (Stay) keeps the text and the address.
      await page.getByTestId('nav-courses').click()
      await asked(page, locale)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `leave-${locale}-desktop-dialog`, { fullPage: false })
      await page.keyboard.press('Escape')
      await stillEditing(page, editing, typed)

      // A class-room tab, with the keyboard only: Tab to the dialog's Stay button, Enter.
      await page.getByTestId('classroom-tab-classRoom').click()
      const dialog = await asked(page, locale)
      const stay = dialog.getByRole('button', { name: locale === 'ar' ? 'ابقَ وتابع التعديل' : 'Stay and keep editing' })
      for (let step = 0; step < 4 && !(await stay.evaluate((button) => button === document.activeElement)); step += 1) await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await stillEditing(page, editing, typed)
      expect(await page.getByTestId('classroom-tab-homework').getAttribute('aria-selected')).toBe('true')

      // The browser's back button: the page stays where it was, as it was.
      await page.evaluate(() => history.back())
      await asked(page, locale)
      await page.getByRole('button', { name: locale === 'ar' ? 'ابقَ وتابع التعديل' : 'Stay and keep editing' }).click()
      await stillEditing(page, editing, typed)

      // Back again, and Leave: one step back, to the class room's first tab.
      await page.evaluate(() => history.back())
      await asked(page, locale)
      await page.getByTestId('leave-confirm').click()
      await page.waitForURL((url) => url.pathname + url.search !== editing)
      await page.getByTestId('homework-form').waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe(new URL(editing, app.server.url).pathname)
      expect(await page.getByTestId('classroom-tab-homework').getAttribute('aria-selected')).toBe('false')
      await context.close()
    }, 90_000)

    it(`the skip link does not ask; Leave from a side-bar link on a phone opens it; with nothing typed nothing asks (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      await startHomework(page, typed)
      // The skip link, by keyboard, is not leaving: focus moves to the content and the form stays as typed.
      const editing = address(page)
      await page.getByTestId('skip-link').focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.id === 'main')
      expect(await page.getByRole('alertdialog').count()).toBe(0)
      await stillEditing(page, editing, typed)
      await page.getByTestId('menu-open').click()
      await page.getByTestId('nav-courses').click()
      await asked(page, locale)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `leave-${locale}-phone-dialog`, { fullPage: false })
      await page.getByTestId('leave-confirm').click()
      await page.waitForURL((url) => url.pathname === '/courses')

      // Nothing typed: the back button and a link go without a question.
      await page.goBack()
      await page.getByTestId('classroom-page').waitFor()
      await page.getByTestId('menu-open').click()
      await page.getByTestId('nav-courses').click()
      await page.waitForURL((url) => url.pathname === '/courses')
      expect(await page.getByRole('alertdialog').count()).toBe(0)
      await context.close()
    }, 90_000)
  }
})
