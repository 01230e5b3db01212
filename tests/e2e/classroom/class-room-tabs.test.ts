import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from '../support/app.ts'
import { axeFindings } from '../support/axe.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith } from '../support/contexts.ts'

/** Signs in and opens the first class room from home, as a teacher would; waits for the heading to take focus. */
const openClassRoom = async (page: Page) => {
  await signInThroughForm(page, demo.teacher)
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('home-classroom-card').first().click()
  await page.getByTestId('classroom-page').waitFor()
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('classroom-name')
}

const at = (page: Page) => new URL(page.url()).searchParams.get('at')
const selectedTab = (page: Page) => page.locator('[data-testid=classroom-page] [role=tab][aria-selected=true]').first().getAttribute('data-testid')
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)
const wider = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Where screenshots go when asked for (SCREENSHOT_DIR); a plain run writes nothing. */
const screenshot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

describe('the class room tabs in Chromium', () => {
  const app = useAppServer()

  for (const locale of ['en', 'ar'] as const) {
    // Arrow keys follow the reading direction: in Arabic the next tab is to the left.
    const forward = locale === 'ar' ? 'ArrowLeft' : 'ArrowRight'
    const backward = locale === 'ar' ? 'ArrowRight' : 'ArrowLeft'

    it(`tabs open by click and by arrow keys, live in ?at=, survive a reload and follow the back button (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await openClassRoom(page)
      expect(at(page)).toBe('classRoom')
      expect(await selectedTab(page)).toBe('classroom-tab-classRoom')
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      await page.locator('#classroom-subjects').waitFor()
      // On a desktop every tab is in sight: none hides past the end of the list.
      expect(
        await page
          .locator('[data-testid=classroom-page] [role=tablist]')
          .first()
          .evaluate((list) => list.scrollWidth - list.clientWidth),
      ).toBe(0)

      // By click: the address names the tab and the panel says the feature is coming.
      await page.getByTestId('classroom-tab-attendance').click()
      await expect.poll(() => at(page)).toBe('attendance')
      await page.getByTestId('classroom-coming-attendance').waitFor()
      expect(await selectedTab(page)).toBe('classroom-tab-attendance')
      expect(await page.getByTestId('classroom-coming-attendance').locator('svg').count()).toBe(1)
      expect((await page.getByTestId('classroom-coming-attendance').innerText()).trim().length).toBeGreaterThan(20)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `class-room-tabs-${locale}-desktop-attendance`)

      // A reload opens the same tab (a new tab, without history state, is the bookmark test below).
      await page.reload()
      await page.getByTestId('classroom-coming-attendance').waitFor()
      expect(await selectedTab(page)).toBe('classroom-tab-attendance')
      expect(at(page)).toBe('attendance')

      // Back returns to the classroom tab, with its subjects.
      await page.goBack()
      await expect.poll(() => at(page)).toBe('classRoom')
      await page.locator('#classroom-subjects').waitFor()
      expect(await selectedTab(page)).toBe('classroom-tab-classRoom')
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `class-room-tabs-${locale}-desktop-classroom`)

      // By keyboard: the arrow in the reading direction moves forward, the other one back.
      await page.getByTestId('classroom-tab-classRoom').focus()
      await page.keyboard.press(forward)
      await expect.poll(() => at(page)).toBe('classStory')
      expect(await focused(page)).toBe('classroom-tab-classStory')
      await page.getByTestId('classroom-coming-classStory').waitFor()
      await page.keyboard.press(forward)
      await expect.poll(() => at(page)).toBe('messages')
      expect(await focused(page)).toBe('classroom-tab-messages')
      await page.keyboard.press(backward)
      await expect.poll(() => at(page)).toBe('classStory')
      expect(await focused(page)).toBe('classroom-tab-classStory')
      await page.keyboard.press('End')
      await expect.poll(() => at(page)).toBe('exams')
      await page.getByTestId('extra-time').waitFor()

      // Each tab chosen is a step back in history.
      await page.goBack()
      await expect.poll(() => at(page)).toBe('classStory')
      expect(await selectedTab(page)).toBe('classroom-tab-classStory')
      await page.goBack()
      await expect.poll(() => at(page)).toBe('messages')
      expect(await selectedTab(page)).toBe('classroom-tab-messages')
      await page.goForward()
      await expect.poll(() => at(page)).toBe('classStory')
      expect(await selectedTab(page)).toBe('classroom-tab-classStory')
      await context.close()
    }, 120_000)

    it(`a bookmark opens its tab; an unknown ?at= opens the classroom tab (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'desktop')
      await openClassRoom(page)
      const address = new URL(page.url())
      address.searchParams.set('at', 'attendance')
      const bookmark = await context.newPage()
      await bookmark.goto(address.pathname + address.search)
      await bookmark.getByTestId('classroom-coming-attendance').waitFor()
      expect(await selectedTab(bookmark)).toBe('classroom-tab-attendance')
      address.searchParams.set('at', 'noSuchTab')
      await bookmark.goto(address.pathname + address.search)
      await bookmark.locator('#classroom-subjects').waitFor()
      expect(await selectedTab(bookmark)).toBe('classroom-tab-classRoom')
      await context.close()
    }, 60_000)

    it(`on a phone the tab list scrolls by itself and the page is no wider than the screen (${locale})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, 'phone')
      await openClassRoom(page)
      await page.locator('#classroom-subjects').waitFor()
      const list = page.locator('[data-testid=classroom-page] [role=tablist]').first()
      // Eight tabs do not fit 390 px: the list scrolls instead of widening the page.
      expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
      expect(await list.evaluate((element) => getComputedStyle(element).overflowX)).toMatch(/auto|scroll/)
      expect(await wider(page)).toBe(0)
      const heights = await page
        .locator('[data-testid=classroom-page] [role=tablist]')
        .first()
        .locator('[role=tab]')
        .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().height))
      expect(heights.every((height) => height >= 44)).toBe(true)
      // The working tabs come first and are in view without scrolling; the coming ones follow.
      const order = await list.locator('[role=tab]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid')))
      expect(order.slice(0, 2)).toEqual(['classroom-tab-classRoom', 'classroom-tab-homework'])
      const homeworkTab = page.getByTestId('classroom-tab-homework')
      expect(await homeworkTab.evaluate((tab) => tab.getBoundingClientRect().right <= window.innerWidth && tab.getBoundingClientRect().left >= 0)).toBe(true)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `class-room-tabs-${locale}-phone-classroom`)

      // The last tab, reached by tapping after scrolling the list: shown, and still nothing wider than the screen.
      const exams = page.getByTestId('classroom-tab-exams')
      await exams.scrollIntoViewIfNeeded()
      await exams.tap()
      await expect.poll(() => at(page)).toBe('exams')
      await page.getByTestId('extra-time').waitFor()
      expect(
        await exams.evaluate((tab) => {
          const box = tab.getBoundingClientRect()
          return box.left >= 0 && box.right <= window.innerWidth
        }),
      ).toBe(true)
      expect(await wider(page)).toBe(0)
      expect(await axeFindings(page)).toEqual([])
      await screenshot(page, `class-room-tabs-${locale}-phone-exams`)
      await context.close()
    }, 60_000)
  }
})
