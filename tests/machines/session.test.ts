import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import { sessionDefaults } from '../../contracts/settings.ts'
import { sessionMachine, type SessionInput, type StoredSession } from '../../machines/session.machine.ts'
import { createCoverage } from './support/coverage.ts'
import { bootFacts, expectMeaning, recordEvent } from './support/session-facts.ts'

const NOW = Date.parse('2030-01-01T08:00:00Z')
const session = (name: string, expiresAt: number): StoredSession => ({
  accessToken: `access-${name}`,
  refreshToken: `refresh-${name}`,
  tokenExpiration: new Date(expiresAt).toISOString(),
  roles: ['Home'],
  name,
  image: null,
  userType: 'Teacher',
})
const valid = session('restored', NOW + 10 * 60_000)
const expired = session('stale', NOW - 1)
const fresh = session('fresh', NOW + 15 * 60_000)

const warnAfter = sessionDefaults.idleTimeoutMs - sessionDefaults.idleWarningMs
const warnFor = sessionDefaults.idleWarningMs

type Snapshot = SnapshotFrom<typeof sessionMachine>
type ModelEvent = { type: string; [key: string]: unknown }

/**
 * The model's events: what the user and app send, plus the answers of the invoked actors and the
 * expiry of the named delays, so paths can reach every outcome.
 */
const modelEvents: ModelEvent[] = [
  { type: 'session.signIn', email: 'teacher@school.test', password: 'Secret123' },
  { type: 'session.autoLogin', id: 'u-1', token: 'link-token' },
  { type: 'xstate.done.actor.login', output: fresh },
  { type: 'xstate.error.actor.login', error: 'wrong password' },
  { type: 'xstate.done.actor.autoLogin', output: fresh },
  { type: 'xstate.error.actor.autoLogin', error: 'spent link' },
  { type: 'xstate.done.actor.refresh', output: fresh },
  { type: 'xstate.error.actor.refresh', error: 'refresh token revoked' },
  { type: 'xstate.error.actor.refresh', error: { unanswered: true } },
  { type: 'session.expired' },
  { type: 'session.activity' },
  { type: 'session.activityElsewhere' },
  { type: 'session.stay' },
  { type: 'session.visibilityChanged', visible: false },
  { type: 'session.visibilityChanged', visible: true },
  { type: 'session.signOut' },
  { type: 'xstate.after.idleWarningAfter.session.signedIn.active' },
  { type: 'xstate.after.idleWarningFor.session.signedIn.idleWarning' },
]

/** A promise the test settles by hand, standing in for one call of an invoked actor. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A real actor with fake server calls: each call waits until the test answers it. */
function startSession(
  input: SessionInput,
  inspect?: Parameters<typeof createActor>[1] extends infer O ? (O extends { inspect?: infer I } ? I : never) : never,
) {
  const calls: Record<'login' | 'autoLogin' | 'refresh', ReturnType<typeof deferred<StoredSession>>[]> = { login: [], autoLogin: [], refresh: [] }
  const logouts: StoredSession[] = []
  const answerable = <Input>(name: keyof typeof calls) =>
    fromPromise<StoredSession, Input>(() => {
      const call = deferred<StoredSession>()
      calls[name].push(call)
      return call.promise
    })
  const clock = new SimulatedClock()
  const machine = sessionMachine.provide({
    actors: {
      login: answerable<{ email: string; password: string }>('login'),
      autoLogin: answerable<{ id: string; token: string }>('autoLogin'),
      refresh: answerable<{ session: StoredSession }>('refresh'),
      logout: fromPromise(async ({ input }) => {
        logouts.push(input.session)
        throw new Error('server unreachable') // best effort: a failing logout must not matter
      }),
    },
  })
  const actor = createActor(machine, { input, clock, ...(inspect ? { inspect } : {}) })
  actor.start()
  const answer = async (name: keyof typeof calls, outcome: { output: StoredSession } | { error: unknown }) => {
    const call = calls[name].at(-1)
    if (!call) throw new Error(`no pending ${name} call`)
    if ('output' in outcome) call.resolve(outcome.output)
    else call.reject(outcome.error)
    await flush()
  }
  return { actor, clock, calls, logouts, answer, machine }
}

type Session = ReturnType<typeof startSession>

/** How each model event is performed on the real actor. */
async function perform(s: Session, event: ModelEvent) {
  const match = /^xstate\.(done|error)\.actor\.(login|autoLogin|refresh)$/.exec(event.type)
  if (match) {
    const name = match[2] as 'login' | 'autoLogin' | 'refresh'
    await s.answer(name, match[1] === 'done' ? { output: event.output as StoredSession } : { error: event.error })
  } else if (event.type.startsWith('xstate.after.idleWarningAfter')) {
    s.clock.increment(warnAfter)
  } else if (event.type.startsWith('xstate.after.idleWarningFor')) {
    s.clock.increment(warnFor)
  } else {
    s.actor.send(event as never)
  }
}

const observable = (snapshot: Snapshot) => ({
  value: snapshot.value,
  session: snapshot.context.session,
  hasError: snapshot.context.error !== null,
  tags: [...snapshot.tags].sort(),
})

const boots: Array<[string, SessionInput, Parameters<typeof bootFacts>[0]]> = [
  ['no stored session', { session: null, now: () => NOW }, 'none'],
  ['a valid stored session', { session: valid, now: () => NOW }, 'valid'],
  ['an expired stored session', { session: expired, now: () => NOW }, 'expired'],
]

/**
 * `createTestModel` refuses machines that invoke actors or use `after`; `TestModel` (which it wraps)
 * does not, so the real machine is the model and its actor answers and delays are model events.
 * A vertex is "state reached by event from state", so shortest paths cover every transition.
 */
function pathsFrom(input: SessionInput) {
  const model = new TestModel(sessionMachine, {
    input,
    events: modelEvents as never,
    filterEvents: (snapshot, event) => snapshot.can(event),
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.session?.name ?? null,
        snapshot.context.error !== null,
        event?.type ?? null,
        (event as ModelEvent | undefined)?.visible ?? null,
        previous?.value ?? null,
      ]),
  })
  return model.getShortestPaths()
}

const coverage = createCoverage(sessionMachine)

describe('session machine — generated paths', () => {
  for (const [boot, input, stored] of boots) {
    describe(`booting with ${boot}`, () => {
      for (const path of pathsFrom(input)) {
        it(path.description, async () => {
          const s = startSession(input, coverage.inspect)
          // The actor agrees with the path, and each state means what it says in what the test did.
          const facts = bootFacts(stored)
          expectMeaning(s.actor.getSnapshot().value, facts, 'at boot')
          for (const step of path.steps) {
            await perform(s, step.event as ModelEvent)
            recordEvent(facts, step.event as ModelEvent)
            expect(observable(s.actor.getSnapshot()), `after ${step.event.type}`).toEqual(observable(step.state as Snapshot))
            expectMeaning(step.state.value, facts, `after ${step.event.type}`)
          }
          s.actor.stop()
        })
      }
    })
  }

  it('walks every state node and every transition of the machine', () => {
    expect(coverage.missedNodes()).toEqual([])
    expect(coverage.missedTransitions()).toEqual([])
    expect(coverage.allTransitions().length).toBeGreaterThan(20)
  })
})

describe('session machine — rules', () => {
  const signedIn = () => startSession({ session: valid, now: () => NOW })

  it('boots into refreshing when the stored expiry has passed', () => {
    expect(startSession({ session: expired, now: () => NOW }).actor.getSnapshot().value).toBe('refreshing')
  })

  it('boots signed in when the stored expiry is one millisecond ahead', () => {
    const s = startSession({ session: session('edge', NOW + 1), now: () => NOW })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('boots signed out without a stored session', () => {
    const snapshot = startSession({ session: null }).actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.hasTag('authenticated')).toBe(false)
  })

  it('a refused refresh signs out', async () => {
    const s = signedIn()
    s.actor.send({ type: 'session.expired' })
    expect(s.actor.getSnapshot().value).toBe('renewing')
    expect(s.calls.refresh).toHaveLength(1)
    await s.answer('refresh', { error: new Error('revoked') })
    expect(s.actor.getSnapshot().value).toBe('signedOut')
    expect(s.actor.getSnapshot().context.session).toBeNull()
    expect(s.actor.getSnapshot().context.error).toBeInstanceOf(Error)
  })

  it('renewing tokens while signed in keeps the page (authenticated, not pending)', () => {
    const s = signedIn()
    s.actor.send({ type: 'session.expired' })
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true)
    expect(s.actor.getSnapshot().hasTag('pending')).toBe(false)
    expect(s.actor.getSnapshot().hasTag('renewing')).toBe(true)
  })

  it('a refresh the server never answered keeps the session and the stored tokens', async () => {
    for (const s of [signedIn(), startSession({ session: expired, now: () => NOW })]) {
      const before = s.actor.getSnapshot().context.session
      if (s.actor.getSnapshot().matches('signedIn')) s.actor.send({ type: 'session.expired' })
      await s.answer('refresh', { error: { unanswered: true } })
      expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
      expect(s.actor.getSnapshot().context.session).toBe(before)
      expect(s.actor.getSnapshot().context.error).toEqual({ unanswered: true })
    }
  })

  it('a successful refresh keeps the user signed in with the new tokens', async () => {
    const s = startSession({ session: expired, now: () => NOW })
    await s.answer('refresh', { output: fresh })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    expect(s.actor.getSnapshot().context.session).toEqual(fresh)
  })

  it('a refresh while the tab is hidden returns to hidden, with no idle timer running', async () => {
    const s = signedIn()
    s.actor.send({ type: 'session.visibilityChanged', visible: false })
    s.actor.send({ type: 'session.expired' })
    await s.answer('refresh', { output: fresh })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'hidden' })
    s.clock.increment(2 * sessionDefaults.idleTimeoutMs)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'hidden' })
  })

  it('a failed sign-in stays signed out and keeps the error', async () => {
    const s = startSession({ session: null })
    s.actor.send({ type: 'session.signIn', email: 'a@b.test', password: 'nope' })
    expect(s.actor.getSnapshot().hasTag('pending')).toBe(true)
    await s.answer('login', { error: 'INVALID_CREDENTIALS' })
    expect(s.actor.getSnapshot().value).toBe('signedOut')
    expect(s.actor.getSnapshot().context.error).toBe('INVALID_CREDENTIALS')
  })

  it('a failed auto-login removes the stored session', async () => {
    const s = startSession({ session: null })
    s.actor.send({ type: 'session.autoLogin', id: 'u-1', token: 'spent' })
    await s.answer('autoLogin', { error: 'LINK_EXPIRED' })
    expect(s.actor.getSnapshot().context.session).toBeNull()
    expect(s.actor.getSnapshot().value).toBe('signedOut')
  })

  it('activity in another tab restarts the idle timer and dismisses the warning; not while hidden', () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'idleWarning' })
    s.actor.send({ type: 'session.activityElsewhere' })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.clock.increment(warnAfter - 1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.actor.send({ type: 'session.visibilityChanged', visible: false })
    s.actor.send({ type: 'session.activityElsewhere' })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'hidden' })
  })

  it('shows the idle warning at 29:00 without activity, not at 28:59', () => {
    const s = signedIn()
    s.clock.increment(warnAfter - 1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.clock.increment(1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'idleWarning' })
    expect(s.actor.getSnapshot().hasTag('idleWarning')).toBe(true)
  })

  it('is still signed in at 29:59 and timed out at 30:00 without activity', () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    s.clock.increment(warnFor - 1)
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true)
    s.clock.increment(1)
    expect(s.actor.getSnapshot().value).toBe('timedOut')
    expect(s.actor.getSnapshot().context.session).toBeNull()
  })

  it('timing out invokes logout best-effort with the old session', async () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    s.clock.increment(warnFor)
    await flush()
    expect(s.logouts).toEqual([valid])
    expect(s.actor.getSnapshot().status).toBe('active')
  })

  it('activity restarts the idle timer', () => {
    const s = signedIn()
    s.clock.increment(warnAfter - 1000)
    s.actor.send({ type: 'session.activity' })
    s.clock.increment(warnAfter - 1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.clock.increment(1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'idleWarning' })
  })

  it('activity does not dismiss the idle warning; only "stay signed in" does', () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    s.actor.send({ type: 'session.activity' })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'idleWarning' })
    s.actor.send({ type: 'session.stay' })
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.clock.increment(warnFor) // the old warning timer no longer runs
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
  })

  it('the idle timer stops while the tab is hidden', () => {
    const s = signedIn()
    s.clock.increment(warnAfter - 1)
    s.actor.send({ type: 'session.visibilityChanged', visible: false })
    s.clock.increment(10 * sessionDefaults.idleTimeoutMs)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'hidden' })
    expect(s.actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('the idle timer starts fresh when the tab becomes visible again', () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    s.actor.send({ type: 'session.visibilityChanged', visible: false })
    s.actor.send({ type: 'session.visibilityChanged', visible: true })
    s.clock.increment(warnAfter - 1)
    expect(s.actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    s.clock.increment(1)
    s.clock.increment(warnFor)
    expect(s.actor.getSnapshot().value).toBe('timedOut')
  })

  it('signing out clears the session and invokes logout best-effort', async () => {
    const s = signedIn()
    s.actor.send({ type: 'session.signOut' })
    await flush()
    expect(s.actor.getSnapshot().value).toBe('signedOut')
    expect(s.actor.getSnapshot().context.session).toBeNull()
    expect(s.logouts).toEqual([valid])
  })

  it('the delays are school settings, overridable with provide', () => {
    const clock = new SimulatedClock()
    const actor = createActor(sessionMachine.provide({ delays: { idleWarningAfter: 1000, idleWarningFor: 500 } }), {
      input: { session: valid, now: () => NOW },
      clock,
    }).start()
    clock.increment(1000)
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idleWarning' })
    clock.increment(500)
    expect(actor.getSnapshot().value).toBe('timedOut')
  })

  it('can sign in again after timing out', async () => {
    const s = signedIn()
    s.clock.increment(warnAfter)
    s.clock.increment(warnFor)
    s.actor.send({ type: 'session.signIn', email: 'a@b.test', password: 'Secret123' })
    expect(s.calls.login).toHaveLength(1)
    await s.answer('login', { output: fresh })
    expect(s.actor.getSnapshot().context).toMatchObject({ session: fresh, error: null })
  })
})
