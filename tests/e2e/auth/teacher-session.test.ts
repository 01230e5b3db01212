import { describe, expect, it } from 'vitest'
import { demo, newPage, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

describe('a teacher in Chromium against the real server', () => {
  const app = useAppServer()

  it('signs in, opens a class room from the floating button, reads it in Arabic, stays signed in over a reload, signs out', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByTestId('home-classroom-card').count()).toBe(3)

    await page.getByTestId('classroom-fab').click()
    const overlay = page.getByTestId('classroom-overlay')
    await overlay.waitFor()
    const items = overlay.getByTestId('classroom-overlay-item')
    expect(await items.count()).toBe(3)
    const firstItem = await items.first().innerText()
    expect(firstItem).toContain('Grade 4')
    expect(firstItem).toContain('Primary')
    await items.first().click()
    await page.waitForURL(
      (url) => url.pathname === '/classroom/Grade4-A' && url.searchParams.get('at') === 'classRoom' && /^\d+$/.test(url.searchParams.get('id') ?? ''),
    )
    await page.getByTestId('classroom-page').waitFor()
    expect(await page.getByTestId('classroom-page').innerText()).toContain('Mathematics')

    await page.getByTestId('language-switch').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    await expect.poll(() => page.getByTestId('classroom-page').innerText()).toContain('الرياضيات')

    await page.reload()
    await page.getByTestId('classroom-page').waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(page.url()).toContain('/classroom/')
    await expect.poll(() => page.getByTestId('classroom-page').innerText()).toContain('الرياضيات')

    await page.getByTestId('sign-out').click()
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin')
    await page.goto('/')
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin')
    await context.close()
  })

  it('a wrong password shows the catalogue message, in English and in Arabic', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, { email: demo.teacher.email, password: 'Wrong#2026' })
    await expect.poll(() => page.getByTestId('signin-error').innerText()).toContain('Wrong Email or password')
    await page.getByTestId('language-switch').click()
    await page.getByTestId('signin-submit').click()
    await expect.poll(() => page.getByTestId('signin-error').innerText()).toContain('البريد الإلكتروني أو كلمة المرور غير صحيحة')
    expect(page.url()).toContain('/Signin')
    await context.close()
  })

  it('a teacher without a required role lands on /Error401', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher2)
    await page.waitForURL((url) => url.pathname === '/')
    // teacher2 holds Home, Courses and Settings: no Exams entry in the side bar, and /exams is refused.
    expect(await page.getByTestId('nav-exams').count()).toBe(0)
    await page.goto('/exams')
    await page.waitForURL((url) => url.pathname === '/Error401')
    await page.getByTestId('error-401').waitFor()
    await context.close()
  })

  it('an unknown path shows the 404 page with a way home', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await page.goto('/no/such/page')
    await page.getByTestId('error-404').waitFor()
    await page.getByTestId('go-home').click()
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin' || url.pathname === '/')
    await context.close()
  })

  it('after 30 idle minutes the teacher is warned, then taken to /timed-out (clock controlled)', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await page.clock.install()
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('home-classroom-card').first().waitFor()
    await page.clock.fastForward('28:58')
    expect(await page.getByTestId('idle-dialog').count()).toBe(0)
    await page.clock.fastForward('00:03')
    await page.getByTestId('idle-dialog').waitFor()
    // "Stay signed in" starts the 30 minutes again.
    await page.getByTestId('idle-stay').click()
    await page.clock.fastForward('28:00')
    expect(page.url()).not.toContain('/timed-out')
    // fastForward fires each due timer once, so the warning's own one-minute timer needs a second jump.
    await page.clock.fastForward('01:05')
    await page.getByTestId('idle-dialog').waitFor()
    await page.clock.fastForward('01:00')
    await page.waitForURL((url) => url.pathname === '/timed-out')
    await page.getByTestId('timed-out').waitFor()
    await context.close()
  })

  it('tokens renewed in the middle of a form leave the form as typed (clock controlled)', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await page.clock.install()
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('password-old').fill('NotMine#2026')
    await page.getByTestId('password-new').fill('Better#2027')
    await page.getByTestId('password-confirm').fill('Better#2027')
    // The access token lives 15 minutes; the idle warning comes at 29.
    await page.clock.fastForward('16:00')
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/Auth/Refresh'))
    await page.getByTestId('password-submit').click()
    expect((await refreshed).status()).toBe(200)
    await expect.poll(() => page.getByTestId('password-old-error').innerText()).toContain('Old password is incorrect')
    expect(await page.getByTestId('password-new').inputValue()).toBe('Better#2027')
    expect(await page.getByTestId('password-confirm').inputValue()).toBe('Better#2027')
    await context.close()
  })

  it('two tabs share one session: a tab opened later and a renewal in the first sign neither out, a sign-out signs both out (clock controlled)', async () => {
    const { context, page: first } = await newPage(app.browser, app.server.url)
    await first.clock.install()
    await signInThroughForm(first, demo.teacher)
    await first.waitForURL((url) => url.pathname === '/')
    await first.goto('/settingProfile')
    await first.getByTestId('password-form').waitFor()

    // A new tab knows the tokens but not the user, so it refreshes them: the first tab's pair is spent.
    const second = await context.newPage()
    const secondRefreshed = second.waitForResponse((response) => response.url().endsWith('/api/Auth/Refresh'))
    await second.goto('/')
    expect((await secondRefreshed).status()).toBe(200)
    await second.getByTestId('home-classroom-card').first().waitFor()

    // The first tab's token expires; it renews from the pair the second tab stored, not its spent one.
    await first.clock.fastForward('16:00')
    const firstRefreshed = first.waitForResponse((response) => response.url().endsWith('/api/Auth/Refresh'))
    await first.getByTestId('password-old').fill('NotMine#2026')
    await first.getByTestId('password-new').fill('Better#2027')
    await first.getByTestId('password-confirm').fill('Better#2027')
    await first.getByTestId('password-submit').click()
    expect((await firstRefreshed).status()).toBe(200)
    await expect.poll(() => first.getByTestId('password-old-error').innerText()).toContain('Old password is incorrect')

    await second.reload()
    await second.getByTestId('home-classroom-card').first().waitFor()
    expect(new URL(second.url()).pathname).toBe('/')

    // Signing out in one tab signs the other out at once.
    await first.getByTestId('sign-out').click()
    await second.waitForURL((url) => url.pathname === '/Signin')
    await context.close()
  })

  it('work in one window keeps a second, idle window of the same session from timing out (clock controlled)', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, locale: 'en-US', viewport: { width: 1280, height: 800 } })
    await context.clock.install()
    const working = await context.newPage()
    await signInThroughForm(working, demo.teacher)
    await working.waitForURL((url) => url.pathname === '/')
    const idle = await context.newPage()
    await idle.goto('/')
    await idle.getByTestId('home-classroom-card').first().waitFor()
    // Side by side, both windows are visible, so both idle timers run.
    expect(await idle.evaluate(() => document.visibilityState)).toBe('visible')
    expect(await working.evaluate(() => document.visibilityState)).toBe('visible')

    await context.clock.fastForward('20:00')
    await working.mouse.move(10, 10)
    await working.mouse.move(40, 40)
    await context.clock.fastForward('20:00')
    // 40 minutes without a touch in the idle window: no warning, still signed in.
    expect(await idle.getByTestId('idle-dialog').count()).toBe(0)
    expect(new URL(idle.url()).pathname).toBe('/')
    await context.close()
  })
})
