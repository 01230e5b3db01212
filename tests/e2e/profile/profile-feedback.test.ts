import { describe, expect, it } from 'vitest'
import type { OutboxMessage, UserInfo } from '../../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, newPage, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

describe('profile save feedback in Chromium', () => {
  const app = useAppServer()

  for (const [locale, savedWord] of [
    ['en', 'Saved'],
    ['ar', 'تم الحفظ'],
  ] as const) {
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

  it('a field the server refuses is marked with its message: a wrong current password, the new address kept for another try', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
    // A new address asks for the current password (a stolen session must not move the account).
    await page.getByTestId('profile-email').fill('teacher.elsewhere@fasl.school')
    await page.getByTestId('profile-current-password').fill('Wrong#Guess2026')
    await page.getByTestId('profile-submit').click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('profile-current-password-error')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('Old password is incorrect')
    expect(await page.getByTestId('profile-email').inputValue()).toBe('teacher.elsewhere@fasl.school')
    expect(await page.getByTestId('profile-saved').innerText()).toBe('')
    expect(await page.getByTestId('profile-email-pending').count()).toBe(0)
    await context.close()
  })

  for (const [locale, checkWords, doneTitle] of [
    ['ar', 'أرسلنا إليه رابطًا', 'تم تغيير بريدك الإلكتروني'],
    ['en', 'we sent a link there', 'Your email address is changed'],
  ] as const) {
    it(`a new email, taken or not, says to check the new address and changes nothing until its link is followed (${locale})`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url)
      await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
      const account = locale === 'ar' ? demo.teacher2 : demo.supervisor
      await signInThroughForm(page, account)
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/settingProfile')
      await page.getByTestId('profile-form').waitFor()
      // Another account's address answers exactly as a free one: only its owner hears of it.
      const wanted = locale === 'ar' ? demo.teacher.email : `moved-${account.email}`
      await page.getByTestId('profile-email').fill(wanted)
      await page.getByTestId('profile-current-password').fill(account.password)
      await page.getByTestId('profile-submit').click()
      await expect
        .poll(
          () =>
            page
              .getByTestId('profile-email-pending')
              .innerText()
              .catch(() => ''),
          { timeout: 10_000 },
        )
        .toContain(checkWords)
      expect(await page.getByTestId('profile-email-pending').innerText()).toContain(wanted)
      expect(await page.getByTestId('profile-email').inputValue()).toBe(account.email)
      expect((await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, account))).email).toBe(account.email)
      if (locale === 'en') {
        // The link in the mail to the new address: the change is made on the button, not on opening.
        const outbox = await apiGet<OutboxMessage[]>(
          app.server.url,
          `/api/Admin/Outbox?recipient=${encodeURIComponent(wanted)}`,
          await apiSignIn(app.server.url, demo.admin),
        )
        const link = new URL(outbox[0]!.link!)
        await page.goto(link.pathname + link.search)
        await page.getByTestId('confirm-email-submit').click()
        await expect
          .poll(
            () =>
              page
                .getByTestId('confirm-email-done')
                .innerText()
                .catch(() => ''),
            { timeout: 10_000 },
          )
          .toContain(doneTitle)
        expect((await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, { ...account, email: wanted }))).email).toBe(
          wanted,
        )
        // Followed once: the same link again says it is spent.
        await page.goto(link.pathname + link.search)
        await page.getByTestId('confirm-email-submit').click()
        await expect
          .poll(
            () =>
              page
                .getByTestId('confirm-email-refused')
                .innerText()
                .catch(() => ''),
            { timeout: 10_000 },
          )
          .toContain('expired or was already used')
      }
      await context.close()
    })
  }
})
