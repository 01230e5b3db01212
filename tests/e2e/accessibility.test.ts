import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { useAppServer } from './support/suite.ts'
import { openWith } from './support/contexts.ts'

/** Every page, checked after it has settled; returns "page: rule (targets)" lines. */
const sweep = async (page: Page): Promise<string[]> => {
  const found: string[] = []
  const check = async (name: string) => {
    await page.waitForLoadState('networkidle')
    for (const finding of await axeFindings(page)) found.push(`${name}: ${finding.id} — ${finding.help} (${finding.targets.join(', ')})`)
  }
  await page.goto('/Signin')
  await page.getByTestId('signin-email').waitFor()
  await check('sign-in')
  await page.goto('/ForgetPassword')
  await page.locator('main, form').first().waitFor()
  await check('forgot')
  await page.goto('/resetPassword?token=not-a-real-token')
  await page.locator('main, form').first().waitFor()
  await check('reset')
  await signInThroughForm(page, demo.teacher)
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('home-classroom-card').first().waitFor()
  await check('home')
  await page.getByTestId('home-classroom-card').first().click()
  await page.waitForURL((url) => url.pathname.startsWith('/classroom/'))
  await page.locator('main h1').waitFor()
  await check('class room')
  await page.goto('/settingProfile')
  await page.getByTestId('profile-submit').waitFor()
  await check('profile')
  await page.goto('/courses')
  await page.locator('main h1').waitFor()
  await page.locator('[data-testid=courses-empty], [data-testid=courses-list]').first().waitFor()
  await check('courses')
  await page.goto('/courses/create')
  await page.getByTestId('course-form').waitFor()
  await check('course form')
  await page.goto('/results')
  await page.locator('main h1').waitFor()
  await check('results')
  await page.goto('/no-such-page')
  await page.locator('h1').first().waitFor()
  await check('404')
  return found
}

describe('accessibility (axe-core) in Chromium', () => {
  const app = useAppServer()
  for (const locale of ['en', 'ar'] as const) {
    for (const size of ['desktop', 'phone'] as const) {
      it(`axe-core finds nothing on any page in ${locale} at ${size} size`, async () => {
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        const found = await sweep(page)
        await context.close()
        expect(found).toEqual([])
      }, 120_000)
    }
  }
})

describe('what axe-core cannot see, in Chromium', () => {
  const app = useAppServer()

  it('each "show password" toggle is named after its own field, and a focused input keeps a visible outline in forced-colours mode', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('password-old').waitFor()
    const toggles = page.getByTestId('password-form').getByRole('button', { name: /^Show / })
    const names = await toggles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))
    expect(names).toHaveLength(3)
    expect(new Set(names).size).toBe(3)

    await page.emulateMedia({ forcedColors: 'active' })
    await page.getByTestId('password-old').focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const outline = await page.getByTestId('password-old').evaluate((input) => {
      const style = getComputedStyle(input)
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
    await context.close()
  })
})
