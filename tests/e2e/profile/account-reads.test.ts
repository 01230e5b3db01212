import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demo, newPage, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

const cardTexts = async (page: Page) => (await page.getByTestId('home-classroom-card').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).sort()

describe('reads belong to the signed-in account', () => {
  const app = useAppServer()

  it('teacher A signs out, teacher B signs in on the same tab (no reload) and sees only her own class rooms', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => cardTexts(page), { timeout: 15_000 }).toHaveLength(3)
    const teacherA = await cardTexts(page)

    await page.getByTestId('sign-out').click()
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin')
    // The same page life: the form the app navigated to, not a fresh load.
    await page.getByTestId('signin-email').fill(demo.teacher2.email)
    await page.getByTestId('signin-password').fill(demo.teacher2.password)
    await page.getByTestId('signin-submit').click()
    await page.waitForURL((url) => url.pathname === '/')

    // The seed: teacher B teaches Grade 4 B and Grade 7 A; teacher A also Grade 4 A.
    await expect.poll(() => cardTexts(page), { timeout: 15_000 }).toHaveLength(2)
    const teacherB = await cardTexts(page)
    expect(teacherB.every((text) => teacherA.includes(text))).toBe(true)
    expect(teacherB.some((text) => /Grade 4/.test(text) && /\bB\b/.test(text))).toBe(true)
    expect(teacherB.some((text) => /Grade 7/.test(text))).toBe(true)
    expect(teacherB.some((text) => /Grade 4/.test(text) && /\bA\b/.test(text))).toBe(false)

    // The floating list reads through the same resource: B's two, not A's three.
    await page.getByTestId('classroom-fab').click()
    await page.getByTestId('classroom-overlay').waitFor()
    await expect.poll(() => page.getByTestId('classroom-overlay-item').count()).toBe(2)
    await context.close()
  })
})
