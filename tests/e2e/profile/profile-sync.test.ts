import type { BrowserContext, Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, newPage, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'

type Account = { email: string; password: string }

describe('profile edits: conflicts, several tabs, storage failures', () => {
  const app = useAppServer()

  const serverSide = async (account: Account) => apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, account))
  /** Another device saves the profile, against the version it read. */
  const saveElsewhere = async (account: Account, firstName: string) => {
    const token = await apiSignIn(app.server.url, account)
    const now = await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', token)
    const body = {
      firstName,
      lastName: now.lastName,
      email: now.email,
      phone: now.phone,
      preferredLanguage: now.preferredLanguage,
      expectedVersion: now.version,
    }
    const response = await fetch(`${app.server.url}/api/Account/UpdateProfile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
  }
  const openProfile = async (page: Page) => {
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
  }
  const writes = '**/api/Account/UpdateProfile'
  const cutWrites = async (context: BrowserContext) => {
    const drop = (route: Route) => route.abort('internetdisconnected')
    await context.route(writes, drop)
    return () => context.unroute(writes, drop)
  }

  it('an offline edit of a profile changed elsewhere is not saved over it: the teacher takes theirs, or keeps hers and it is re-sent', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await openProfile(page)

    // Round 1: "take theirs".
    let restore = await cutWrites(context)
    await page.getByTestId('profile-first-name').fill('Offline')
    await page.getByTestId('profile-submit').click()
    await page.getByTestId('profile-pending').waitFor()
    await saveElsewhere(demo.teacher, 'Elsewhere')
    await restore()
    await page.getByTestId('profile-conflict').waitFor({ timeout: 30_000 })
    expect((await serverSide(demo.teacher)).firstName).toBe('Elsewhere')
    await page.getByTestId('profile-conflict-theirs').click()
    await page.getByTestId('profile-conflict').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Elsewhere')
    expect((await serverSide(demo.teacher)).firstName).toBe('Elsewhere')

    // Round 2: "keep mine" sends the edit again, against the version that moved on.
    restore = await cutWrites(context)
    await page.getByTestId('profile-first-name').fill('Mine')
    await page.getByTestId('profile-submit').click()
    await page.getByTestId('profile-pending').waitFor()
    await saveElsewhere(demo.teacher, 'Again')
    const before = await serverSide(demo.teacher)
    await restore()
    await page.getByTestId('profile-conflict').waitFor({ timeout: 30_000 })
    await page.getByTestId('profile-conflict-mine').click()
    await page.getByTestId('profile-conflict').waitFor({ state: 'detached' })
    await expect.poll(async () => (await serverSide(demo.teacher)).firstName, { timeout: 30_000 }).toBe('Mine')
    expect((await serverSide(demo.teacher)).version).toBe(before.version + 1)
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Mine')
    await expect.poll(() => page.getByTestId('user-name').innerText()).toMatch(/^Mine /)
    await context.close()
  })

  it('two tabs of one account: an edit in the follower tab is delivered once, by the leader, and both tabs show it', async () => {
    const { context, page: first } = await newPage(app.browser, app.server.url)
    await signInThroughForm(first, demo.teacher2)
    await first.waitForURL((url) => url.pathname === '/')
    await openProfile(first) // the first tab to open the store leads
    const second = await context.newPage()
    await openProfile(second)

    const requests: string[] = []
    await context.route(writes, (route) => {
      requests.push(route.request().headers()['idempotency-key'] ?? '')
      return route.continue()
    })
    await second.getByTestId('profile-first-name').fill('Layla')
    await second.getByTestId('profile-submit').click()

    await expect.poll(async () => (await serverSide(demo.teacher2)).firstName, { timeout: 30_000 }).toBe('Layla')
    for (const tab of [first, second]) {
      await expect.poll(() => tab.getByTestId('profile-first-name').inputValue()).toBe('Layla')
      await expect.poll(() => tab.getByTestId('user-name').innerText()).toMatch(/^Layla /)
      await tab.getByTestId('profile-pending').waitFor({ state: 'detached' })
    }
    // Once: one request, from one tab (a second leader would have sent it again under the same key).
    expect(requests).toHaveLength(1)
    await context.close()
  })

  it('a change the server cannot process (500) is set aside with a "couldn\'t send" banner; the edit behind it is saved; discard undoes it, send again re-sends it', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    await signInThroughForm(page, demo.supervisor)
    await page.waitForURL((url) => url.pathname === '/')
    await openProfile(page)
    let failing = true
    const sent: string[] = []
    await context.route(writes, (route) => {
      const firstName = (route.request().postDataJSON() as { firstName?: string } | null)?.firstName ?? ''
      sent.push(firstName)
      if (failing && firstName.startsWith('Broken'))
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ responseCode: 142, responseData: null, responseMessage: 'Internal server error', validationList: [] }),
        })
      return route.continue()
    })
    const save = async (firstName: string) => {
      await page.getByTestId('profile-first-name').fill(firstName)
      await page.getByTestId('profile-submit').click()
    }

    await save('Broken')
    await page.getByTestId('profile-pending').waitFor()
    await save('Noor')
    const banner = page.getByTestId('unsent-banner')
    await banner.waitFor({ timeout: 60_000 })
    expect(await banner.innerText()).toContain("1 change couldn't be sent")
    // Tried a few times, then set aside: the edit behind it went on.
    await expect.poll(async () => (await serverSide(demo.supervisor)).firstName, { timeout: 30_000 }).toBe('Noor')
    expect(sent.filter((name) => name === 'Broken')).toHaveLength(5)

    await banner.getByTestId('unsent-discard').click()
    await banner.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Noor')
    await page.reload()
    await page.getByTestId('profile-form').waitFor()
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Noor')
    expect(await page.getByTestId('unsent-banner').count()).toBe(0)

    await save('Broken again')
    await banner.waitFor({ timeout: 60_000 })
    failing = false
    await banner.getByTestId('unsent-retry').click()
    await banner.waitFor({ state: 'detached' })
    await expect.poll(async () => (await serverSide(demo.supervisor)).firstName, { timeout: 30_000 }).toBe('Broken again')
    expect(sent.filter((name) => name === 'Broken')).toHaveLength(5)
    await context.close()
  }, 180_000)

  it('a failed IndexedDB write (quota, private mode) is shown to the teacher, and the page never says the edit is kept', async () => {
    const { context, page } = await newPage(app.browser, app.server.url)
    // The browser's storage refuses writes on demand, as a full disk or private mode does.
    await context.addInitScript(() => {
      const add = IDBObjectStore.prototype.add
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        if ((window as unknown as { failWrites?: boolean }).failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return add.apply(this, args)
      }
    })
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await openProfile(page)
    const before = await serverSide(demo.teacher)
    let sent = 0
    await context.route(writes, (route) => (sent++, route.continue()))

    await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true))
    await page.getByTestId('profile-first-name').fill('Unkept')
    await page.getByTestId('profile-submit').click()
    await page.getByTestId('storage-failure').waitFor()
    expect(await page.getByTestId('storage-failure').innerText()).toContain('could not be kept on this device')
    expect(await page.getByTestId('profile-pending').count()).toBe(0)
    await expect.poll(() => page.getByTestId('user-name').innerText()).toBe(`${before.firstName} ${before.lastName}`)

    await page.reload()
    await page.getByTestId('profile-form').waitFor()
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe(before.firstName)
    expect(sent).toBe(0)
    expect((await serverSide(demo.teacher)).version).toBe(before.version)
    await context.close()
  })
})
