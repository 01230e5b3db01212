import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import { apiGet, apiSignIn, demo, signInThroughForm } from './support/app.ts'
import { axeFindings } from './support/axe.ts'
import { openWith, type Locale, type Size } from './support/contexts.ts'
import { openHomeworkTab, addQuestion } from './support/homework-form.ts'
import { useAppServer } from './support/suite.ts'

/**
 * The app opens offline (src/boot/service-worker/): once the shell's service worker is installed, a
 * reload without network shows the app, not the browser's error page, with the offline banner and the
 * edit still waiting; back online, the edit is sent. The worker keeps static files only: nothing of
 * the API nor any account's data is in its cache, before or after signing out.
 */
const runs: ReadonlyArray<{ locale: Locale; size: Size; firstName: string }> = [
  { locale: 'en', size: 'desktop', firstName: 'Amina' },
  { locale: 'ar', size: 'phone', firstName: 'أمينة' },
  { locale: 'en', size: 'phone', firstName: 'Salma' },
  { locale: 'ar', size: 'desktop', firstName: 'سلمى' },
]

const homeworkRuns: ReadonlyArray<{ locale: Locale; size: Size; title: string; instructions: string }> = [
  {
    locale: 'en',
    size: 'desktop',
    title: 'Offline worksheet',
    instructions: 'Read each question carefully, answer it in its place, and check your answers before you hand them in.',
  },
  { locale: 'ar', size: 'phone', title: 'ورقة عمل بلا اتصال', instructions: 'اقرأ كل سؤال بعناية، ثم أجب عنه في المكان المخصص، وراجع إجاباتك قبل التسليم.' },
]

const apiPath = /^\/(api|school|exam|chat|files)(\/|$)/i

describe('the app shell offline', () => {
  const app = useAppServer()

  /** The demo teacher signed in, once the shell's worker (registered after the first load) has kept the shell. */
  const signedInWithShell = async (locale: Locale, size: Size) => {
    const opened = await openWith(app.browser, app.server.url, locale, size)
    await signInThroughForm(opened.page, demo.teacher)
    await opened.page.waitForURL((url) => url.pathname === '/')
    await opened.page.evaluate(async () => void (await navigator.serviceWorker.ready))
    return opened
  }

  for (const { locale, size, firstName } of runs)
    it(`opens offline with the waiting edit, and sends it back online (${locale}, ${size})`, async () => {
      const { context, page } = await signedInWithShell(locale, size)
      await page.goto('/settingProfile')
      await page.getByTestId('profile-form').waitFor()

      await context.setOffline(true)
      await page.getByTestId('profile-first-name').fill(firstName)
      await page.getByTestId('profile-submit').click()
      await page.getByTestId('profile-pending').waitFor()

      // Reloading without network: the app, from the worker, not Chromium's error page.
      const reloaded = await page.reload()
      expect(reloaded?.fromServiceWorker()).toBe(true)
      await page.getByTestId('profile-form').waitFor()
      await page.getByTestId('offline-banner').waitFor()
      await page.getByTestId('profile-pending').waitFor()
      await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe(firstName)
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
      expect(await axeFindings(page)).toEqual([])

      // Back online: the waiting edit reaches the server.
      await context.setOffline(false)
      await page.getByTestId('profile-pending').waitFor({ state: 'detached', timeout: 30_000 })
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' })
      const saved = await apiGet<UserInfo>(app.server.url, '/api/Account/GetUserInfo', await apiSignIn(app.server.url, demo.teacher))
      expect(saved.firstName).toBe(firstName)
      await context.close()
    })

  for (const { locale, size, title, instructions } of homeworkRuns)
    it(`opens a class room offline with the homework waiting to be sent, and sends it back online (${locale}, ${size})`, async () => {
      const { context, page } = await openWith(app.browser, app.server.url, locale, size)
      await openHomeworkTab(page)
      await page.evaluate(async () => void (await navigator.serviceWorker.ready))
      const classRoomId = Number(new URL(page.url()).searchParams.get('id'))
      await page.getByTestId('homework-new').click()
      await page.getByTestId('homework-title').fill(title)
      await page.getByTestId('homework-text').fill(instructions)
      await page.getByTestId('homework-subject').click()
      await page.locator('[role=option]:visible').first().click()
      const statement = await addQuestion(page, 3)
      await statement.getByTestId('question-header').fill(title)
      await statement.getByTestId('question-true').click()

      await context.setOffline(true)
      await page.getByTestId('homework-save').click()
      const waiting = page.locator('[data-testid=homework-line][data-waiting]', { hasText: title })
      await waiting.waitFor()
      const reloaded = await page.reload()
      expect(reloaded?.fromServiceWorker()).toBe(true)
      await page.getByTestId('offline-banner').waitFor()
      await page.getByTestId('homework-panel').waitFor()
      await waiting.waitFor()
      expect(await axeFindings(page)).toEqual([])

      await context.setOffline(false)
      await waiting.waitFor({ state: 'detached', timeout: 30_000 })
      const held = await apiGet<ReadonlyArray<{ title: string }>>(
        app.server.url,
        `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`,
        await apiSignIn(app.server.url, demo.teacher),
      )
      expect(held.filter((homework) => homework.title === title)).toHaveLength(1)
      await context.close()
    }, 120_000)

  it('is installable: Chromium reads the manifest and finds nothing missing', async () => {
    const { context, page } = await signedInWithShell('ar', 'phone')
    const cdp = await context.newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: ReadonlyArray<unknown> }
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest')
    expect(manifest.errors).toEqual([])
    // A test's browser context is a private window, where Chromium never offers to install: that one reason aside, nothing is missing.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])
    await context.close()
  })

  it('a newer server version (meta.json) replaces the kept shell: the next load comes from the server', async () => {
    const { context, page } = await signedInWithShell('en', 'desktop')
    const navigations: boolean[] = []
    page.on('response', (response) => {
      if (response.request().isNavigationRequest()) navigations.push(response.fromServiceWorker())
    })
    await page.reload()
    await page.getByTestId('user-name').waitFor()
    expect(navigations).toEqual([true])

    // A new build is deployed: the server says so in /meta.json (never answered by the worker).
    await context.route('**/meta.json', (route) => route.fulfill({ json: { version: '99.0.0' } }))
    await page.reload()
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('fasl.versionReload')).catch(() => null)).toBe('99.0.0')
    await page.getByTestId('user-name').waitFor()
    // The kept shell booted, saw the newer version, dropped the worker and its cache and reloaded from the server …
    await expect.poll(() => navigations).toEqual([true, true, false])
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true)
    // … and the new build's worker installs again for the next offline load.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready))
    await context.close()
  })

  it('keeps only static files: no API answer nor account data is cached, before or after signing out', async () => {
    const { context, page } = await signedInWithShell('en', 'desktop')
    // Used while controlled by the worker: pages that read the API, then signing out.
    await page.reload()
    await page.goto('/settingProfile')
    await page.getByTestId('profile-form').waitFor()
    const cached = () =>
      page.evaluate(async () => {
        const entries: Array<{ path: string; body: string }> = []
        for (const name of await caches.keys()) {
          const cache = await caches.open(name)
          for (const request of await cache.keys())
            entries.push({ path: new URL(request.url).pathname, body: (await (await cache.match(request))?.text()) ?? '' })
        }
        return entries
      })
    const expectStaticOnly = (entries: ReadonlyArray<{ path: string; body: string }>) => {
      expect(entries.length).toBeGreaterThan(10)
      expect(entries.filter((entry) => apiPath.test(entry.path) || entry.path === '/meta.json')).toEqual([])
      expect(entries.filter((entry) => entry.body.includes(demo.teacher.email)).map((entry) => entry.path)).toEqual([])
    }
    expectStaticOnly(await cached())

    await page.getByTestId('sign-out').click()
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/signin')
    expectStaticOnly(await cached())
    // Offline after signing out, the app opens on the sign-in page, with nobody's data.
    await context.setOffline(true)
    await page.goto('/settingProfile')
    await page.getByTestId('signin-email').waitFor()
    expect(await page.getByTestId('user-name').count()).toBe(0)
    await context.close()
  })
})
