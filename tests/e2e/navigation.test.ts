import { describe, expect, it } from 'vitest'
import { demo, newPage, signInThroughForm } from './support/app.ts'
import { useAppServer } from './support/suite.ts'

describe('navigation and class-room addresses in Chromium', () => {
  const app = useAppServer()

  it('the side bar marks the current entry and the features still coming; each page names the tab; focus moves to the heading', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('home-classroom-card').first().waitFor()
    expect(await page.getByTestId('nav-home').getAttribute('aria-current')).toBe('page')
    expect(await page.getByTestId('nav-home-coming').count()).toBe(0)
    expect(await page.getByTestId('nav-courses-coming').count()).toBe(0)
    expect(await page.getByTestId('nav-results-coming').count()).toBe(0)
    expect(await page.getByTestId('nav-schedule-coming').innerText()).toBe('Coming')
    await expect.poll(() => page.title()).toBe('Home · Fasl')

    await page.getByTestId('nav-courses').click()
    await page.waitForURL((url) => url.pathname === '/courses')
    expect(await page.getByTestId('nav-courses').getAttribute('aria-current')).toBe('page')
    expect(await page.getByTestId('nav-home').getAttribute('aria-current')).toBeNull()
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')

    await page.getByTestId('nav-home').click()
    await page.getByTestId('home-classroom-card').first().click()
    await page.getByTestId('classroom-page').waitFor()
    await expect.poll(() => page.title()).toBe('Grade 4 – A · Fasl')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('classroom-name')
    await context.close()
  })

  it('a class-room address carries its id: it opens the same room in a new tab, in the other language and from a bookmark', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    // Grade 4 has two divisions: the address must tell them apart.
    const cards = page.getByTestId('home-classroom-card')
    await cards.first().waitFor()
    const texts = await cards.allInnerTexts()
    const second = texts.findIndex((text) => text.includes('Grade 4 – B'))
    expect(second).toBeGreaterThanOrEqual(0)
    await cards.nth(second).click()
    await page.getByTestId('classroom-page').waitFor()
    const address = new URL(page.url())
    expect(address.pathname).toBe('/classroom/Grade4-B')
    expect(address.searchParams.get('at')).toBe('classRoom')

    // A new tab of the same browser (no history state), then the same address in Arabic.
    const tab = await context.newPage()
    await tab.goto(address.pathname + address.search)
    await expect
      .poll(
        () =>
          tab
            .getByTestId('classroom-name')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Grade 4 – B')
    await tab.evaluate(() => localStorage.setItem('locale', 'ar'))
    await tab.reload()
    await expect
      .poll(
        () =>
          tab
            .getByTestId('classroom-name')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/ – (B|ب)$/)
    expect(await tab.getByTestId('classroom-choose-item').count()).toBe(0)
    await context.close()
  })
})

describe('the phone menu in Chromium', () => {
  const app = useAppServer()

  it('the phone menu is a modal dialog: focus stays in it and returns to the menu button on close', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('menu-open').click()
    const menu = page.getByTestId('side-bar')
    expect(await menu.getAttribute('role')).toBe('dialog')
    expect(await menu.getAttribute('aria-modal')).toBe('true')
    const focusInMenu = () => page.evaluate(() => document.getElementById('side-bar')?.contains(document.activeElement) ?? false)
    await expect.poll(focusInMenu).toBe(true)
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab')
      expect(await focusInMenu()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-open')
    expect(await menu.isVisible()).toBe(false)
    await context.close()
  })
})

describe("the admin's home in Chromium", () => {
  const app = useAppServer()
  it("the admin's home is not a dead-end error: it says what an admin can do", async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.admin)
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/settingProfile')
    await page.goto('/')
    await page.getByTestId('admin-home').waitFor()
    const text = await page.getByTestId('admin-home').innerText()
    expect(text).toContain('Mail outbox')
    expect(text).toContain('Audit log')
    expect(text).toContain('/api/Admin/AuditLog')
    expect(text).toContain('/api/Auth/CreateAutoLoginLink')
    expect(await page.getByTestId('admin-home').getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).toBe('/api/docs')
    expect(await page.getByText('The class rooms could not be loaded.').count()).toBe(0)
    await context.close()
  })
})
