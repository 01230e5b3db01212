import { useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { sessionMachine, type StoredSession } from '../../machines/session.machine.ts'
import { setAuthBridge } from '../api/bridge.ts'
import { shellRoutes } from '../plugin-host/shell-routes.ts'
import { useI18n } from '../i18n/intl.tsx'
import { leaveWithoutAsking } from '../plugin-host/navigation-guard.ts'
import { effectiveRoles } from '../plugin-host/roles.ts'
import { sessionActors } from './actors.ts'
import { isExpired, loadSession, saveSession } from './storage.ts'

export type SessionActor = ActorRefFrom<typeof sessionMachine>
type Snapshot = SnapshotFrom<typeof sessionMachine>

/** Resolves when the machine has left 'refreshing' / 'renewing' / 'signingIn', answering the session then held. */
const settled = (actor: SessionActor): Promise<StoredSession | null> =>
  new Promise((resolve) => {
    const check = (snapshot: Snapshot) => {
      if (snapshot.hasTag('pending') || snapshot.hasTag('renewing')) return false
      resolve(snapshot.hasTag('authenticated') ? snapshot.context.session : null)
      return true
    }
    if (check(actor.getSnapshot())) return
    const sub = actor.subscribe((snapshot) => {
      if (check(snapshot)) sub.unsubscribe()
    })
  })

/** Creates the running session: real actors, persisted to storage, fed by activity and visibility. */
export const startSession = (): { actor: SessionActor; stop: () => void } => {
  const actor = createActor(sessionMachine.provide({ actors: sessionActors }), {
    input: { session: loadSession(localStorage, sessionStorage) },
  })
  let last: StoredSession | null | undefined
  let wasTimedOut = false
  // Activity, visibility and other tabs matter from the first signed-in moment (see session-streams.ts).
  let streams: Promise<{ unsubscribe: () => void }> | null = null
  const connectWhenSignedIn = (snapshot: Snapshot) => {
    if (streams === null && snapshot.hasTag('authenticated'))
      streams = import('./session-streams.ts').then(({ connectSessionStreams }) => connectSessionStreams(actor))
  }
  const sub = actor.subscribe((snapshot) => {
    connectWhenSignedIn(snapshot)
    if (snapshot.context.session !== last) {
      last = snapshot.context.session
      saveSession(localStorage, sessionStorage, last)
    }
    const timedOut = snapshot.matches('timedOut')
    if (timedOut && !wasTimedOut) leaveWithoutAsking(() => navigate(shellRoutes.timedOut.link(), { replace: true }))
    wasTimedOut = timedOut
  })
  actor.start()
  connectWhenSignedIn(actor.getSnapshot())
  setAuthBridge({
    freshToken: async () => {
      let session = await settled(actor)
      if (session !== null && isExpired(session.tokenExpiration)) {
        actor.send({ type: 'session.expired' })
        session = await settled(actor)
        // Unanswered (offline, timed out): the call fails with that, not with a stale token's 401.
        const { error } = actor.getSnapshot().context
        if (session !== null && isExpired(session.tokenExpiration) && error !== null) throw error
      }
      return session?.accessToken ?? null
    },
    onUnauthorized: async (rejected) => {
      const now = actor.getSnapshot()
      if (now.context.session !== null && now.context.session.accessToken === rejected && now.hasTag('authenticated')) actor.send({ type: 'session.expired' })
      const session = await settled(actor)
      return session?.accessToken ?? null
    },
  })
  return {
    actor,
    stop: () => {
      void streams?.then((connected) => connected.unsubscribe())
      sub.unsubscribe()
      actor.stop()
    },
  }
}

export interface SessionValue {
  readonly actor: SessionActor
  readonly status: 'signedIn' | 'signedOut' | 'pending'
  readonly session: StoredSession | null
  readonly roles: ReadonlyArray<string>
  readonly error: unknown
  readonly idleWarning: boolean
  readonly signIn: (email: string, password: string) => void
  readonly autoLogin: (id: string, token: string) => void
  readonly signOut: () => void
  readonly stay: () => void
  /** Asks the server for fresh tokens now (after a change the current token does not carry yet). */
  readonly renewTokens: () => void
}

const SessionContext = createContext<SessionValue | null>(null)

const statusOf = (snapshot: Snapshot): SessionValue['status'] =>
  snapshot.hasTag('pending') ? 'pending' : snapshot.hasTag('authenticated') ? 'signedIn' : 'signedOut'

/** One session per page (a module singleton, so StrictMode's double render cannot start two). */
let pageSession: { actor: SessionActor; stop: () => void } | null = null

export function SessionProvider({ children, actor: given }: { readonly children: ReactNode; readonly actor?: SessionActor }) {
  const [actor] = useState(() => given ?? (pageSession ??= startSession()).actor)
  const status = useSelector(actor, statusOf)
  const session = useSelector(actor, (s) => s.context.session)
  const error = useSelector(actor, (s) => s.context.error)
  const idleWarning = useSelector(actor, (s) => s.hasTag('idleWarning'))
  const value = useMemo<SessionValue>(
    () => ({
      actor,
      status,
      session,
      roles: effectiveRoles(session?.roles, session?.userType),
      error,
      idleWarning,
      signIn: (email, password) => actor.send({ type: 'session.signIn', email, password }),
      autoLogin: (id, token) => actor.send({ type: 'session.autoLogin', id, token }),
      signOut: () => {
        actor.send({ type: 'session.signOut' })
        // Signed out already: the page's unsaved work cannot be saved any more (the sign-out button asks first).
        leaveWithoutAsking(() => navigate(shellRoutes.signIn.link(), { replace: true }))
      },
      stay: () => actor.send({ type: 'session.stay' }),
      // The machine's refresh path: the same as an expired token, so it needs no state of its own.
      renewTokens: () => actor.send({ type: 'session.expired' }),
    }),
    [actor, status, session, error, idleWarning],
  )
  // Signing in (or a stored session being renewed) fetches every feature's messages alongside; a
  // signed-in page waits for them rather than show a message id.
  const { hasAll, loadAll } = useI18n()
  const needsAll = status !== 'signedOut'
  useEffect(() => {
    if (needsAll && !hasAll) void loadAll().catch(() => undefined)
  }, [needsAll, hasAll, loadAll])
  return <SessionContext.Provider value={value}>{status === 'signedIn' && !hasAll ? null : children}</SessionContext.Provider>
}

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext)
  if (value === null) throw new Error('useSession outside SessionProvider')
  return value
}
