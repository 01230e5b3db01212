import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { openWith, type Size } from './support/contexts.ts'
import { screenshot } from './support/screenshots.ts'
import { useAppServer } from './support/suite.ts'

/**
 * Issue 21: a server in trouble is not "no internet connection". A write the server answers 503 (its
 * database unreachable, the envelope it sends then) shows "the server is having trouble … sent when
 * it recovers", not the offline wording; let through, the write is sent and the banner goes. A
 * network that is really off still shows the offline wording.
 */
const words = {
  en: {
    trouble: 'The server is having trouble. Your work is saved on this device and will be sent when it recovers.',
    offline: 'You are offline. Changes are kept on this device and sent when the connection is back.',
    names: ['Rania', 'Yasmin'],
  },
  ar: {
    trouble: 'يواجه الخادم مشكلة الآن. عملك محفوظ على هذا الجهاز وسيُرسل عندما يعود الخادم إلى العمل.',
    offline: 'أنت غير متصل بالإنترنت. تُحفظ التغييرات على هذا الجهاز وتُرسل عند عودة الاتصال.',
    names: ['رانيا', 'ياسمين'],
  },
} as const

const writes = '**/api/Account/UpdateProfile'
/** What the server sends while its database cannot be reached (server/http/availability.ts). */
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ responseCode: 503, responseData: null, responseMessage: 'The server is having trouble.', validationList: [] }),
  })

/** Types a new first name and saves with the keyboard alone (Enter in the field submits the form). */
const saveFirstName = async (page: Page, name: string) => {
  await page.getByTestId('profile-first-name').focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText(name)
  await page.keyboard.press('Enter')
}

describe('server trouble and a network that is off say different things, in Chromium', () => {
  const app = useAppServer()
  const serverName = async () => (await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, demo.teacher))).firstName

  for (const locale of ['en', 'ar'] as const)
    for (const size of ['phone', 'desktop'] as const satisfies ReadonlyArray<Size>) {
      it(`a 503 shows "the server is having trouble", then the write is sent; offline keeps the offline wording (${locale}, ${size})`, async () => {
        const w = words[locale]
        const { context, page } = await openWith(app.browser, app.server.url, locale, size)
        await signInThroughForm(page, demo.teacher)
        await page.waitForURL((url) => url.pathname === '/')
        await page.goto('/settingProfile')
        await page.getByTestId('profile-form').waitFor()

        // The server answers 503 to the write: its trouble, worded as such; not "offline".
        await context.route(writes, unavailable)
        await saveFirstName(page, w.names[0])
        const trouble = page.getByTestId('server-trouble-banner')
        await trouble.waitFor()
        expect(await trouble.innerText()).toBe(w.trouble)
        expect(await page.getByTestId('offline-banner').count()).toBe(0)
        expect(await page.getByTestId('unsent-banner').count()).toBe(0)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `server-trouble-${locale}-${size}`, { fullPage: false })

        // The server recovers: the same write goes through, the banner goes.
        await context.unroute(writes, unavailable)
        await page.getByTestId('profile-pending').waitFor({ state: 'detached', timeout: 40_000 })
        await trouble.waitFor({ state: 'detached' })
        expect(await serverName()).toBe(w.names[0])

        // A network that is really off: the offline wording, never the server's.
        await context.setOffline(true)
        await saveFirstName(page, w.names[1])
        const offline = page.getByTestId('offline-banner')
        await offline.waitFor()
        expect(await offline.innerText()).toBe(w.offline)
        await page.getByTestId('profile-pending').waitFor()
        expect(await trouble.count()).toBe(0)
        expect(await axeFindings(page)).toEqual([])
        await screenshot(page, `server-trouble-offline-${locale}-${size}`, { fullPage: false })
        await context.setOffline(false)
        await page.getByTestId('profile-pending').waitFor({ state: 'detached', timeout: 40_000 })
        expect(await serverName()).toBe(w.names[1])
        await context.close()
      })
    }
})
