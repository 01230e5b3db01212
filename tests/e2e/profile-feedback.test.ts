import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, newPage, signInThroughForm } from './support/app.ts'
import { useAppServer } from './support/suite.ts'

describe('profile save feedback in Chromium', () => {
  const app = useAppServer()

  for (const [locale, savedWord] of [['en', 'Saved'], ['ar', 'تم الحفظ']] as const) {
    it(`saving the profile says "${savedWord}" once the server has it (${locale}), and the greeting follows the rename`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url)
      await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
      await signInThroughForm(page, demo.teacher)
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/settingProfile')
      await page.getByTestId('profile-form').waitFor()
      expect(await page.getByTestId('profile-saved').innerText()).toBe('')
      await page.getByTestId('profile-first-name').fill(`Nour${locale}`)
      // As people type it: the country code, spaces, a dash and Arabic-Indic digits.
      await page.getByTestId('profile-phone').fill('+20 10-١٢٣٤ ٥٦٧٨')
      await page.getByTestId('profile-submit').click()
      await expect.poll(() => page.getByTestId('profile-saved').innerText(), { timeout: 10_000 }).toBe(savedWord)
      const held = await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, demo.teacher))
      expect(held.phone).toBe('01012345678')
      await page.getByTestId('nav-home').click()
      await expect.poll(() => page.locator('main h1').innerText()).toContain(`Nour${locale}`)
      await context.close()
    })
  }

  it('a field the server refuses is marked with its message and shows the saved value again', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
    const saved = await page.getByTestId('profile-email').inputValue()
    // Another account's address: only the server can know it is taken.
    await page.getByTestId('profile-email').fill(demo.teacher2.email)
    // A new address asks for the current password (a stolen session must not move the account).
    await page.getByTestId('profile-current-password').fill(demo.teacher.password)
    await page.getByTestId('profile-submit').click()
    await expect.poll(() => page.getByTestId('profile-email-error').textContent().catch(() => ''), { timeout: 10_000 }).toBe('Email Already Exists')
    expect(await page.getByTestId('profile-email').inputValue()).toBe(saved)
    expect(await page.getByTestId('profile-email').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByTestId('profile-saved').innerText()).toBe('')
    await context.close()
  })
})
