import { expect } from 'vitest'
import type { StateValue } from 'xstate'
import { sessionDefaults } from '../../../contracts/settings.ts'

/**
 * What a session test knows from what it did (signed in, answered a call, moved the clock, hid the
 * tab), kept apart from the machine: the paths come from the machine the actor runs, so comparing
 * the two agrees with any wrong transition. Each state is checked against what it means in these
 * terms, which a transition to the wrong state contradicts.
 */
export interface SessionFacts {
  /** The server call sent and not answered yet. */
  call: 'login' | 'autoLogin' | 'refresh' | null
  /** Why tokens are being renewed: a session restored expired at boot, or one that expired on the page. */
  renewal: 'boot' | 'page' | null
  /** Signed in (restored, by password, by link or renewed) and not signed out or refused since. */
  signedIn: boolean
  hidden: boolean
  /** The test's clock (ms moved on) and when she last showed she was there. */
  clock: number
  presentAt: number
}

export const bootFacts = (stored: 'none' | 'valid' | 'expired'): SessionFacts => ({
  call: stored === 'expired' ? 'refresh' : null,
  renewal: stored === 'expired' ? 'boot' : null,
  signedIn: stored !== 'none',
  hidden: false,
  clock: 0,
  presentAt: 0,
})

/** Records what performing `event` did (the event types of tests/machines/session.test.ts). */
export const recordEvent = (facts: SessionFacts, event: { type: string; visible?: unknown; error?: unknown }): void => {
  const present = () => void (facts.presentAt = facts.clock)
  switch (event.type) {
    case 'session.signIn':
      return void (facts.call = 'login')
    case 'session.autoLogin':
      return void (facts.call = 'autoLogin')
    case 'session.expired':
      return void Object.assign(facts, { call: 'refresh', renewal: 'page' })
    case 'xstate.done.actor.login':
    case 'xstate.done.actor.autoLogin':
      Object.assign(facts, { call: null, signedIn: true })
      return present()
    case 'xstate.error.actor.login':
    case 'xstate.error.actor.autoLogin':
      return void Object.assign(facts, { call: null, signedIn: false })
    case 'xstate.done.actor.refresh':
      return void Object.assign(facts, { call: null, renewal: null })
    case 'xstate.error.actor.refresh': {
      // A refusal signs out; no answer at all keeps the session.
      const unanswered = (event.error as { unanswered?: unknown } | null)?.unanswered === true
      return void Object.assign(facts, { call: null, renewal: null, signedIn: unanswered && facts.signedIn })
    }
    case 'session.activity':
    case 'session.activityElsewhere':
    case 'session.stay':
      return present()
    case 'session.visibilityChanged':
      facts.hidden = event.visible !== true
      // The idle count starts again when she comes back to the tab.
      return event.visible === true ? present() : undefined
    case 'session.signOut':
      // Whatever call was under way is dropped with the session.
      return void Object.assign(facts, { call: null, renewal: null, signedIn: false })
    case 'xstate.after.idleWarningAfter.session.signedIn.active':
      return void (facts.clock += sessionDefaults.idleTimeoutMs - sessionDefaults.idleWarningMs)
    case 'xstate.after.idleWarningFor.session.signedIn.idleWarning':
      return void (facts.clock += sessionDefaults.idleWarningMs)
  }
}

const idleFor = (facts: SessionFacts) => {
  const idle = facts.clock - facts.presentAt
  const warnAt = sessionDefaults.idleTimeoutMs - sessionDefaults.idleWarningMs
  return idle < warnAt ? 'before the warning' : idle < sessionDefaults.idleTimeoutMs ? 'in the warning' : 'past the timeout'
}

type Fact = 'call' | 'renewal' | 'signedIn' | 'hidden' | 'idle'
const meaning: Readonly<Record<string, Partial<Record<Fact, unknown>>>> = {
  signedOut: { call: null, signedIn: false },
  'signingIn.withPassword': { call: 'login' },
  'signingIn.withLink': { call: 'autoLogin' },
  'signedIn.active': { call: null, signedIn: true, hidden: false, idle: 'before the warning' },
  'signedIn.idleWarning': { call: null, signedIn: true, hidden: false, idle: 'in the warning' },
  'signedIn.hidden': { call: null, signedIn: true, hidden: true },
  refreshing: { call: 'refresh', renewal: 'boot', signedIn: true },
  renewing: { call: 'refresh', renewal: 'page', signedIn: true },
  // Timed out: never signed out, away for the whole idle timeout.
  timedOut: { call: null, signedIn: true, hidden: false, idle: 'past the timeout' },
}

const leafOf = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : (Object.entries(value).map(([key, child]) => (child === undefined ? key : `${key}.${leafOf(child as StateValue)}`))[0] ?? '')

/** Fails unless the facts are what the state `value` means. */
export const expectMeaning = (value: StateValue, facts: SessionFacts, after: string): void => {
  const state = leafOf(value)
  const all: Record<Fact, unknown> = { call: facts.call, renewal: facts.renewal, signedIn: facts.signedIn, hidden: facts.hidden, idle: idleFor(facts) }
  const wanted = meaning[state]
  expect(wanted, `${after}: no meaning written for "${state}"`).toBeDefined()
  expect(Object.fromEntries(Object.keys(wanted!).map((key) => [key, all[key as Fact]])), `${after}: what "${state}" means`).toEqual(wanted)
}
