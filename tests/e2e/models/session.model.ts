import { expect } from 'vitest'
import type { BrowserContext, Page, Request, Route } from 'playwright-core'
import type { SnapshotFrom } from 'xstate'
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
  /** What the teacher did, as this test records it while performing the events. */
  readonly facts: SessionFacts
}

/**
 * What the test knows from what it did, not from the machine: the page runs the same machine the
 * paths come from, so a wrong transition would move the model and the page alike. Each state is
 * also checked against what it means in these terms (`meaning`), which a wrong target contradicts.
 */
export interface SessionFacts {
  /** The sign-in call sent and not answered yet. */
  call: 'login' | 'autoLogin' | null
  /** She signed in (or followed a link) successfully and has not signed out since. */
  signedIn: boolean
  hidden: boolean
  /** The page clock (ms moved on by the test) and when she last showed she was there. */
  clock: number
  presentAt: number
}

export const newFacts = (): SessionFacts => ({ call: null, signedIn: false, hidden: false, clock: 0, presentAt: 0 })

const minute = 60_000
const idleFor = (facts: SessionFacts) => {
  const idle = facts.clock - facts.presentAt
  return idle < 29 * minute ? 'under 29 min' : idle < 30 * minute ? '29 to 30 min' : '30 min or more'
}
const meaning: Readonly<Record<string, Partial<Record<'call' | 'signedIn' | 'hidden' | 'idle', unknown>>>> = {
  signedOut: { call: null, signedIn: false },
  'signingIn.withPassword': { call: 'login' },
  'signingIn.withLink': { call: 'autoLogin' },
  'signedIn.active': { call: null, signedIn: true, hidden: false, idle: 'under 29 min' },
  'signedIn.idleWarning': { call: null, signedIn: true, hidden: false, idle: '29 to 30 min' },
  'signedIn.hidden': { call: null, signedIn: true, hidden: true },
  // Timed out: she never signed out, she was away 30 minutes.
  timedOut: { call: null, signedIn: true, hidden: false, idle: '30 min or more' },
}
const meansWhatItSays = (state: string, facts: SessionFacts) => {
  const all = { call: facts.call, signedIn: facts.signedIn, hidden: facts.hidden, idle: idleFor(facts) }
  const wanted = meaning[state] ?? {}
  expect(Object.fromEntries(Object.keys(wanted).map((key) => [key, all[key as keyof typeof all]])), `what "${state}" means`).toEqual(wanted)
}
const present = (facts: SessionFacts) => void (facts.presentAt = facts.clock)

type Check = (world: SessionWorld, snapshot: SnapshotFrom<typeof sessionMachine>) => Promise<void>
/** Each state's page check, after the check of what the state means. */
const withMeaning = (checks: Readonly<Record<string, Check>>): Readonly<Record<string, Check>> =>
  Object.fromEntries(
    Object.entries(checks).map(([state, check]) => [
      state,
      async (world, snapshot) => {
        meansWhatItSays(state, world.facts)
        await check(world, snapshot)
      },
    ]),
  )

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
  page.evaluate(
    (state) => {
      // The browser's own signal, as a hidden tab would raise it (headless pages are always visible).
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    },
    visible ? 'visible' : 'hidden',
  )

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
      world.facts.call = 'login'
    },
    'xstate.done.actor.login': async (world) => {
      await answer(world)
      Object.assign(world.facts, { call: null, signedIn: true })
      present(world.facts)
    },
    'xstate.error.actor.login': async (world) => {
      await answer(world, (body) => ({ ...body, password: 'Wrong#2026x' }))
      Object.assign(world.facts, { call: null, signedIn: false })
    },
    'session.autoLogin': async (world) => {
      const link = await autoLoginLink(world.baseURL)
      await hold(world, '/api/Auth/AutoLogin')
      await world.page.goto(link)
      world.facts.call = 'autoLogin'
    },
    'xstate.done.actor.autoLogin': async (world) => {
      await answer(world)
      Object.assign(world.facts, { call: null, signedIn: true })
      present(world.facts)
    },
    'xstate.error.actor.autoLogin': async (world) => {
      await answer(world, (body) => ({ ...body, token: 'spent-or-forged' }))
      Object.assign(world.facts, { call: null, signedIn: false })
    },
    'session.activity': async ({ page, facts }) => {
      await page.mouse.move(40, 300)
      await page.mouse.move(60, 320)
      present(facts)
    },
    'session.activityElsewhere': async ({ context, baseURL, facts }) => {
      // Another tab of the same browser, where the teacher is working.
      const other = await context.newPage()
      await other.goto(`${baseURL}/meta.json`)
      await other.evaluate(() => localStorage.setItem('fasl.activity', String(Date.now())))
      await other.close()
      present(facts)
    },
    'session.stay': async ({ page, facts }) => {
      await page.getByTestId('idle-stay').click()
      present(facts)
    },
    'session.visibilityChanged': async ({ page, facts }, event) => {
      const visible = (event as { visible?: boolean }).visible === true
      await setVisibility(page, visible)
      facts.hidden = !visible
      // The idle count starts again when she comes back to the tab.
      if (visible) present(facts)
    },
    'session.signOut': async ({ page, facts }) => {
      // With the idle warning open, its own "sign out now" is the way (the dialog covers the top bar).
      const warning = page.getByTestId('idle-dialog')
      if ((await warning.count()) > 0) await warning.getByRole('button', { name: 'Sign out now' }).click()
      else await page.getByTestId('sign-out').click()
      facts.signedIn = false
    },
    'xstate.after.idleWarningAfter.session.signedIn.active': async ({ page, facts }) => {
      await page.clock.fastForward('29:00')
      facts.clock += 29 * minute
    },
    'xstate.after.idleWarningFor.session.signedIn.idleWarning': async ({ page, facts }) => {
      await page.clock.fastForward('01:00')
      facts.clock += minute
    },
  },
  distinguish: (snapshot) => snapshot.context.error !== null,
  expect: withMeaning({
    signedOut: async ({ page }, snapshot) => {
      await page.waitForURL((url) => /\/signin$/i.test(url.pathname))
      await page.getByTestId('signin-form').waitFor()
      await expect.poll(() => page.getByTestId('signin-submit').getAttribute('aria-busy')).toBeNull()
      // A refused password says why; a refused link says the link is spent.
      if (snapshot.context.error !== null)
        await page.getByTestId('signin-error').or(page.getByText('This sign-in link is not valid any more')).first().waitFor()
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
  }),
}
