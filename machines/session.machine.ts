import { assertEvent, assign, fromPromise, not, setup, spawnChild } from 'xstate'
import type { LoginData } from '../contracts/entities.ts'
import { sessionDefaults } from '../contracts/settings.ts'

/** What the app keeps in storage between page loads: the login answer as the server gave it. */
export type StoredSession = LoginData

export interface SessionInput {
  /** Restored from storage at boot; null when nobody is signed in on this device. */
  readonly session: StoredSession | null
  /** Injectable clock for the boot-time expiry check; defaults to Date.now. */
  readonly now?: () => number
}

export interface SessionContext {
  session: StoredSession | null
  error: unknown | null
  /** Kept only so the boot guard can ask the injected clock; the UI never reads it. */
  readonly now: () => number
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.autoLogin'; id: string; token: string }
  /** Sent by the app when the stored expiry has passed (before a call, or on a 401). */
  | { type: 'session.expired' }
  /** Mouse, key, focus, touch or wheel activity (throttled by src/session/activity.ts). */
  | { type: 'session.activity' }
  /** Activity in another tab of this browser: the teacher is here, though not in this tab. */
  | { type: 'session.activityElsewhere' }
  /** The "stay signed in" button of the idle warning. */
  | { type: 'session.stay' }
  | { type: 'session.visibilityChanged'; visible: boolean }
  | { type: 'session.signOut' }

/** A best-effort logout that failed; handled (ignored) so it cannot stop the machine. */
type LogoutFailed = { type: 'xstate.error.actor.logout'; error: unknown }

/** Tags the UI asks with `state.hasTag(...)`. */
export type SessionTag = 'authenticated' | 'pending' | 'renewing' | 'idleWarning' | 'timedOut'

const notProvided = (name: string) => () => Promise.reject(new Error(`session actor "${name}" not provided`))

const isExpired = (session: StoredSession, now: number) => {
  const expiry = Date.parse(session.tokenExpiration)
  // An unreadable expiry is treated as passed: a refresh is cheaper than a failed call.
  return Number.isNaN(expiry) || expiry <= now
}

/**
 * What the refresh actor rejects with when the server never answered — offline, timed out, or the
 * page closing under the request. That is no refusal: the session is kept and the next call tries
 * again, instead of signing a teacher out over a dropped connection.
 */
export interface RefreshUnanswered {
  readonly unanswered: true
}

const isUnanswered = (error: unknown): error is RefreshUnanswered =>
  typeof error === 'object' && error !== null && (error as { unanswered?: unknown }).unanswered === true

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent | LogoutFailed,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    login: fromPromise<StoredSession, { email: string; password: string }>(notProvided('login')),
    autoLogin: fromPromise<StoredSession, { id: string; token: string }>(notProvided('autoLogin')),
    refresh: fromPromise<StoredSession, { session: StoredSession }>(notProvided('refresh')),
    logout: fromPromise<void, { session: StoredSession }>(notProvided('logout')),
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isStoredSessionExpired: ({ context }) => context.session !== null && isExpired(context.session, context.now()),
    isUnanswered: ({ event }) => isUnanswered((event as { error?: unknown }).error),
    isTabVisible: ({ event }) => {
      assertEvent(event, 'session.visibilityChanged')
      return event.visible
    },
  },
  actions: {
    storeSession: assign({ session: (_, params: { session: StoredSession }) => params.session, error: null }),
    recordError: assign({ error: (_, params: { error: unknown }) => params.error }),
    forgetError: assign({ error: null }),
    clearSession: assign({ session: null }),
    // Best effort: the server forgets the refresh token; the client signs out whatever it answers.
    revokeSession: spawnChild('logout', {
      id: 'logout',
      input: ({ context }) => ({ session: context.session as StoredSession }),
    }),
  },
  delays: {
    idleWarningAfter: sessionDefaults.idleTimeoutMs - sessionDefaults.idleWarningMs,
    idleWarningFor: sessionDefaults.idleWarningMs,
  },
})

/**
 * Both ways of renewing tokens: back where the refresh interrupted on success (a hidden tab stays
 * hidden, with no idle timer behind its back); signed out when the server refuses (the spec); kept
 * as it was when the server never answered.
 */
const recordFailure = { type: 'recordError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const

const refreshTokens = {
  id: 'refresh',
  src: 'refresh',
  input: ({ context }: { context: SessionContext }) => ({ session: context.session as StoredSession }),
  onDone: {
    target: '#session.signedIn.resume',
    actions: { type: 'storeSession', params: ({ event }: { event: { output: StoredSession } }) => ({ session: event.output }) },
  },
  onError: [
    { guard: 'isUnanswered', target: '#session.signedIn.resume', actions: recordFailure },
    { target: '#session.signedOut', actions: ['clearSession', recordFailure] },
  ],
} as const

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.session, error: null, now: input.now ?? Date.now }),
  initial: 'booting',
  // Best effort: a failed logout call changes nothing (unhandled, it would stop this machine).
  on: { 'xstate.error.actor.logout': {} },
  states: {
    // Transient: decides where a restored session starts; never observed in a snapshot.
    booting: {
      always: [{ guard: not('hasStoredSession'), target: 'signedOut' }, { guard: 'isStoredSessionExpired', target: 'refreshing' }, { target: 'signedIn' }],
    },
    signedOut: {
      on: {
        'session.signIn': 'signingIn.withPassword',
        'session.autoLogin': 'signingIn.withLink',
      },
    },
    signingIn: {
      tags: ['pending'],
      entry: 'forgetError',
      initial: 'withPassword',
      states: {
        withPassword: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'session.signIn')
              return { email: event.email, password: event.password }
            },
            onDone: { target: '#session.signedIn', actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) } },
            onError: { target: '#session.signedOut', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        withLink: {
          invoke: {
            id: 'autoLogin',
            src: 'autoLogin',
            input: ({ event }) => {
              assertEvent(event, 'session.autoLogin')
              return { id: event.id, token: event.token }
            },
            onDone: { target: '#session.signedIn', actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) } },
            // A spent or forged link removes whatever session was stored.
            onError: {
              target: '#session.signedOut',
              actions: ['clearSession', { type: 'recordError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      initial: 'active',
      on: {
        'session.expired': 'renewing',
        'session.signOut': { target: 'signedOut', actions: ['revokeSession', 'clearSession'] },
      },
      states: {
        active: {
          after: { idleWarningAfter: 'idleWarning' },
          on: {
            // Re-entering restarts the idle timer.
            'session.activity': { target: 'active', reenter: true },
            'session.activityElsewhere': { target: 'active', reenter: true },
            'session.visibilityChanged': { guard: not('isTabVisible'), target: 'hidden' },
          },
        },
        idleWarning: {
          tags: ['idleWarning'],
          after: { idleWarningFor: '#session.timedOut' },
          on: {
            // Only the explicit button dismisses the warning; stray activity does not.
            'session.stay': 'active',
            // Work in another tab, though, proves the teacher is here: the shared session must not end.
            'session.activityElsewhere': 'active',
            'session.visibilityChanged': { guard: not('isTabVisible'), target: 'hidden' },
          },
        },
        // The idle timer runs only while the tab is visible; it starts fresh on return.
        hidden: {
          on: { 'session.visibilityChanged': { guard: 'isTabVisible', target: 'active' } },
        },
        // Where a refresh returns to; `active` when booting with an expired session.
        resume: { type: 'history', target: 'active' },
      },
    },
    // A restored session whose tokens have expired: routes wait (the roles may not be known yet).
    refreshing: {
      tags: ['authenticated', 'pending'],
      invoke: refreshTokens,
      on: { 'session.signOut': { target: 'signedOut', actions: ['revokeSession', 'clearSession'] } },
    },
    // Tokens expired while signed in: the page stays as it is (a half-typed form is not lost).
    renewing: {
      tags: ['authenticated', 'renewing'],
      invoke: refreshTokens,
      on: { 'session.signOut': { target: 'signedOut', actions: ['revokeSession', 'clearSession'] } },
    },
    timedOut: {
      tags: ['timedOut'],
      entry: ['revokeSession', 'clearSession'],
      on: {
        'session.signIn': 'signingIn.withPassword',
        'session.autoLogin': 'signingIn.withLink',
      },
    },
  },
})
