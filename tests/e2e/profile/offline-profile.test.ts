import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, newPage, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

describe('profile edits survive a network fault and a reload', () => {
  const app = useAppServer()

  it('edits made offline are kept over a reload and reach the server exactly once each', async () => {
    const serverSide = async () => apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, demo.teacher))
    const before = await serverSide()

    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()

    // The network drops: every profile write fails before reaching the server.
    const writes = '**/api/Account/UpdateProfile'
    const seenKeys: string[] = []
    const dropped = (route: Route) => {
      seenKeys.push(route.request().headers()['idempotency-key'] ?? '')
      return route.abort('internetdisconnected')
    }
    await context.route(writes, dropped)

    await page.getByTestId('profile-first-name').fill('Amina')
    await page.getByTestId('profile-submit').click()
    await page.getByTestId('profile-pending').waitFor()
    await page.getByTestId('profile-last-name').fill('Mostafa')
    await page.getByTestId('profile-submit').click()
    await expect.poll(() => page.getByTestId('profile-pending').innerText()).toMatch(/2/)

    // A reload, still without network: the edits are still there, still waiting.
    await page.reload()
    await page.getByTestId('profile-form').waitFor()
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Amina')
    expect(await page.getByTestId('profile-last-name').inputValue()).toBe('Mostafa')
    await page.getByTestId('profile-pending').waitFor()
    // The top bar shows the edited name too, not the one sign-in gave.
    expect(await page.getByTestId('user-name').innerText()).toBe('Amina Mostafa')
    expect((await serverSide()).version).toBe(before.version)

    // The network comes back, but the first answer is lost on its way back: the server applied the
    // edit, the browser never heard. The retry carries the same Idempotency-Key and changes nothing more.
    await context.unroute(writes, dropped)
    let answersLost = 0
    await context.route(writes, async (route) => {
      seenKeys.push(route.request().headers()['idempotency-key'] ?? '')
      if (answersLost === 0) {
        answersLost++
        await route.fetch()
        return route.abort('connectionreset')
      }
      return route.continue()
    })
    await page.getByTestId('profile-pending').waitFor({ state: 'detached', timeout: 30_000 })

    const after = await serverSide()
    expect(after).toMatchObject({ firstName: 'Amina', lastName: 'Mostafa' })
    expect(after.version).toBe(before.version + 2)
    // Two commands, each retried under its own key: never more than two distinct keys.
    expect(new Set(seenKeys.filter((key) => key !== '')).size).toBe(2)
    await context.close()
  })

  it('the profile image is checked by its bytes off the main thread: a GIF named .png is refused, a PNG is saved', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
    const input = page.getByTestId('profile-image-input')
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a-not-a-png') })
    await expect.poll(() => page.locator('#profile-image-error').innerText()).toBe('Only JPG or PNG images are accepted.')
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await expect
      .poll(async () => (await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, demo.teacher))).image, {
        timeout: 15_000,
      })
      .toMatch(/^\/files\/profile\/.+\.png\?/)
    await context.close()
  })
})
