import { expect } from 'vitest'
import type { BrowserContext, Page, Request, Route } from 'playwright-core'
import type { sessionMachine } from '../../../machines/session.machine.ts'
import { apiSignIn, demo } from '../support/app.ts'
import type { PageModel } from '../support/model-runner.ts'

/**
 * The session machine as the page shows it. The server is real; the page's calls to sign in are
 * held (Playwright routing) from the event that sends them until the model's "answer" event, which
 * lets the real request through — with a wrong password or a spent token when the model wants a
 * refusal — so the page's pending state can be checked too. The idle delays are the page's clock.
 */
export interface SessionWorld {
  readonly baseURL: string
  readonly context: BrowserContext
  readonly page: Page
  /** The sign-in call the page is waiting on, held until the model answers it. */
  held: Promise<{ route: Route; request: Request }> | null
}

/** Holds the page's next call to `path` (the route is in place before the page can send it). */
const hold = async (world: SessionWorld, path: string) => {
  let release!: (held: { route: Route; request: Request }) => void
  world.held = new Promise((resolve) => (release = resolve))
  await world.page.route(`**${path}`, (route, request) => release({ route, request }), { times: 1 })
}

const answer = async (world: SessionWorld, change?: (body: Record<string, unknown>) => Record<string, unknown>) => {
  const held = world.held
  if (held === null) throw new Error('No call is held')
  world.held = null
  const { route, request } = await held
  const body = request.postDataJSON() as Record<string, unknown>
  await route.continue(change ? { postData: JSON.stringify(change(body)) } : {})
}

/** A real single-use sign-in link for the teacher, issued by the admin through the API. */
const autoLoginLink = async (baseURL: string): Promise<string> => {
  const teacher = await apiSignIn(baseURL, demo.teacher)
  const userId = (JSON.parse(Buffer.from(teacher.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub
  const admin = await apiSignIn(baseURL, demo.admin)
  const response = await fetch(`${baseURL}/api/Auth/CreateAutoLoginLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ userId }),
  })
  const { responseData } = (await response.json()) as { responseData: { link: string } }
  const link = new URL(responseData.link, baseURL)
  return `${link.pathname}${link.search}`
}

const setVisibility = (page: Page, visible: boolean) =>
  page.evaluate((state) => {
    // The browser's own signal, as a hidden tab would raise it (headless pages are always visible).
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  }, visible ? 'visible' : 'hidden')

const isSignInPage = (page: Page) => /\/signin$/i.test(new URL(page.url()).pathname)

const signedInFrame = async (page: Page) => {
  await page.getByTestId('nav-home').waitFor()
  await page.getByTestId('sign-out').waitFor()
}

export const sessionPageModel: PageModel<typeof sessionMachine, SessionWorld> = {
  input: { session: null },
  events: [
    { type: 'session.signIn' },
    { type: 'session.autoLogin' },
    { type: 'xstate.done.actor.login' },
    { type: 'xstate.error.actor.login' },
    { type: 'xstate.done.actor.autoLogin' },
    { type: 'xstate.error.actor.autoLogin' },
    { type: 'session.activity' },
    { type: 'session.activityElsewhere' },
    { type: 'session.stay' },
    { type: 'session.visibilityChanged', visible: false },
    { type: 'session.visibilityChanged', visible: true },
    { type: 'session.signOut' },
    { type: 'xstate.after.idleWarningAfter.session.signedIn.active' },
    { type: 'xstate.after.idleWarningFor.session.signedIn.idleWarning' },
  ],
  perform: {
    'session.signIn': async (world) => {
      const { page } = world
      // From /timed-out the teacher follows its "sign in again" link.
      if (!isSignInPage(page)) await page.getByRole('link', { name: 'Sign in again' }).click()
      await page.getByTestId('signin-email').fill(demo.teacher.email)
      await page.getByTestId('signin-password').fill(demo.teacher.password)
      await hold(world, '/api/Auth/Login')
      await page.getByTestId('signin-submit').click()
    },
    'xstate.done.actor.login': (world) => answer(world),
    'xstate.error.actor.login': (world) => answer(world, (body) => ({ ...body, password: 'Wrong#2026x' })),
    'session.autoLogin': async (world) => {
      const link = await autoLoginLink(world.baseURL)
      await hold(world, '/api/Auth/AutoLogin')
      await world.page.goto(link)
    },
    'xstate.done.actor.autoLogin': (world) => answer(world),
    'xstate.error.actor.autoLogin': (world) => answer(world, (body) => ({ ...body, token: 'spent-or-forged' })),
    'session.activity': async ({ page }) => {
      await page.mouse.move(40, 300)
      await page.mouse.move(60, 320)
    },
    'session.activityElsewhere': async ({ context, baseURL }) => {
      // Another tab of the same browser, where the teacher is working.
      const other = await context.newPage()
      await other.goto(`${baseURL}/meta.json`)
      await other.evaluate(() => localStorage.setItem('fasl.activity', String(Date.now())))
      await other.close()
    },
    'session.stay': ({ page }) => page.getByTestId('idle-stay').click(),
    'session.visibilityChanged': ({ page }, event) => setVisibility(page, (event as { visible?: boolean }).visible === true),
    'session.signOut': async ({ page }) => {
      // With the idle warning open, its own "sign out now" is the way (the dialog covers the top bar).
      const warning = page.getByTestId('idle-dialog')
      if ((await warning.count()) > 0) await warning.getByRole('button', { name: 'Sign out now' }).click()
      else await page.getByTestId('sign-out').click()
    },
    'xstate.after.idleWarningAfter.session.signedIn.active': ({ page }) => page.clock.fastForward('29:00'),
    'xstate.after.idleWarningFor.session.signedIn.idleWarning': ({ page }) => page.clock.fastForward('01:00'),
  },
  distinguish: (snapshot) => snapshot.context.error !== null,
  expect: {
    signedOut: async ({ page }, snapshot) => {
      await page.waitForURL((url) => /\/signin$/i.test(url.pathname))
      await page.getByTestId('signin-form').waitFor()
      await expect.poll(() => page.getByTestId('signin-submit').getAttribute('aria-busy')).toBeNull()
      // A refused password says why; a refused link says the link is spent.
      if (snapshot.context.error !== null) await page.getByTestId('signin-error').or(page.getByText('This sign-in link is not valid any more')).first().waitFor()
      expect(await page.getByTestId('nav-home').count()).toBe(0)
    },
    'signingIn.withPassword': async ({ page }) => {
      await expect.poll(() => page.getByTestId('signin-submit').getAttribute('aria-busy')).toBe('true')
    },
    'signingIn.withLink': async ({ page }) => {
      await page.getByRole('status', { name: 'Signing you in…' }).waitFor()
    },
    'signedIn.active': async ({ page }) => {
      await signedInFrame(page)
      await expect.poll(() => page.getByTestId('idle-dialog').count()).toBe(0)
    },
    'signedIn.idleWarning': async ({ page }) => {
      await page.getByTestId('idle-dialog').waitFor()
      await page.getByTestId('idle-stay').waitFor()
    },
    'signedIn.hidden': async ({ page }) => {
      await signedInFrame(page)
      await expect.poll(() => page.getByTestId('idle-dialog').count()).toBe(0)
    },
    timedOut: async ({ page }) => {
      await page.waitForURL((url) => url.pathname === '/timed-out')
      await page.getByTestId('timed-out').waitFor()
      expect(await page.getByTestId('nav-home').count()).toBe(0)
    },
  },
}
