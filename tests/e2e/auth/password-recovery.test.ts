import { describe, expect, it } from 'vitest'
import { apiGet, apiSignIn, demo, newPage } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

interface OutboxItem {
  link: string | null
}

/** The newest reset link in the outbox; the mail is written a moment after "forgot password" answers. */
const latestResetLink = async (server: { url: string }, email: string) => {
  const admin = await apiSignIn(server.url, demo.admin)
  // The mail is written a moment after "forgot password" answers (server/api/auth.ts).
  for (let tries = 0; ; tries++) {
    const [mail] = await apiGet<OutboxItem[]>(server.url, `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, admin)
    if (mail !== undefined || tries >= 50) return new URL(mail!.link!)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('forgot and reset password in Chromium', () => {
  const app = useAppServer()

  it('asks for a link, follows it from the outbox, sets a new password and signs in with it; the used link shows /linkExpired', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    // The breached-password list is loaded by the forms that set a password, never before. Chunks are
    // named by their hash alone, so the list is known by what it holds: one of its entries.
    const scripts: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        void response.text().then(
          (body) => body.includes('123456qwerty') && scripts.push('common-passwords'),
          () => undefined,
        )
    })
    await page.goto('/ForgetPassword')
    await page.getByTestId('forgot-email').fill(demo.teacher2.email)
    await page.getByTestId('forgot-submit').click()
    await page.getByTestId('check-email').waitFor()

    const link = await latestResetLink(app.server, demo.teacher2.email)
    expect(link.pathname).toBe('/resetPassword')
    expect(scripts.filter((script) => script.includes('common-passwords'))).toEqual([])
    await page.goto(link.pathname + link.search)
    // A common breached password is refused on the field, before anything is sent.
    await page.getByTestId('reset-new').fill('Password1')
    await page.getByTestId('reset-confirm').fill('Password1')
    await page.getByTestId('reset-submit').click()
    await expect.poll(() => page.getByTestId('reset-new-error').textContent()).toMatch(/most common/)
    await expect.poll(() => scripts.filter((script) => script.includes('common-passwords')).length).toBe(1)
    await page.getByTestId('reset-new').fill('Renewed#2027')
    await page.getByTestId('reset-confirm').fill('Renewed#2027')
    await page.getByTestId('reset-submit').click()
    await page.getByTestId('reset-done').waitFor()

    await page.goto('/Signin')
    await page.getByTestId('signin-email').fill(demo.teacher2.email)
    await page.getByTestId('signin-password').fill('Renewed#2027')
    await page.getByTestId('signin-submit').click()
    await page.waitForURL((url) => url.pathname === '/')

    const fresh = await context.browser()!.newContext({ baseURL: app.server.url })
    const again = await fresh.newPage()
    await again.goto(link.pathname + link.search)
    await again.waitForURL((url) => url.pathname === '/linkExpired')
    await again.getByTestId('link-expired').waitFor()
    await fresh.close()
    await context.close()
  })
})

describe('an expired reset link in Chromium', () => {
  // A school may set the reset-link lifetime; zero minutes makes every new link already expired.
  const app = useAppServer({ FASL_RESET_LINK_TTL_MINUTES: '0' })

  it('shows /linkExpired, where another link can be asked for', async () => {
    await fetch(`${app.server.url}/api/Auth/ForgetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.teacher.email, clientId: 'fasl-web', clientSecret: 'fasl-web-secret' }),
    })
    const link = await latestResetLink(app.server, demo.teacher.email)
    const { context, page } = await newPage(app.browser, app.server.url)
    await page.goto(link.pathname + link.search)
    await page.waitForURL((url) => url.pathname === '/linkExpired')
    await page.getByTestId('link-expired').waitFor()
    await context.close()
  })
})
