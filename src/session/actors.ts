import { fromPromise } from 'xstate'
import { webClient } from '../../contracts/settings.ts'
import type { RefreshUnanswered, StoredSession } from '../../machines/session.machine.ts'
import { callApi, isApiProblem } from '../api/client.ts'
import { accountIdOf, isExpired, lacksUser, sharedTokens } from './storage.ts'
import { withTabLock } from './tab-lock.ts'

const refreshCall = (session: StoredSession) =>
  callApi((c) => c.auth.refresh({ payload: { token: session.accessToken, refreshToken: session.refreshToken, ...webClient } }), { auth: false }).catch(
    (problem: unknown) => {
      // No answer (offline 503, timeout 408, the page closing): the machine keeps the session.
      throw isApiProblem(problem) && (problem.status === 503 || problem.status === 408) ? ({ ...problem, unanswered: true } satisfies RefreshUnanswered) : problem
    },
  )

/**
 * Every tab of the browser shares one token pair, and a refresh token works once: a tab that
 * refreshed with the token another tab has already used would revoke the session everywhere (109).
 * So refreshes take turns across tabs, and each first looks whether another tab has renewed the
 * pair: it takes that one as it is, or refreshes with it when it has expired too or this tab still
 * has to learn its user and roles.
 */
const refreshShared = async (session: StoredSession): Promise<StoredSession> => {
  const shared = sharedTokens(localStorage)
  // Only a pair of the same account: another tab may have signed out and in as someone else.
  const renewedElsewhere =
    shared !== null && shared.refreshToken !== session.refreshToken && accountIdOf(shared.accessToken) === accountIdOf(session.accessToken) ? shared : null
  if (renewedElsewhere === null) return refreshCall(session)
  const latest = { ...session, ...renewedElsewhere }
  return lacksUser(session) || isExpired(renewedElsewhere.tokenExpiration) ? refreshCall(latest) : latest
}

/** The session machine's actors, calling the real API (public calls: no bearer token). */
export const sessionActors = {
  login: fromPromise<StoredSession, { email: string; password: string }>(({ input }) =>
    callApi((c) => c.auth.login({ payload: { email: input.email.trim(), password: input.password, ...webClient } }), { auth: false }),
  ),
  autoLogin: fromPromise<StoredSession, { id: string; token: string }>(({ input }) =>
    callApi((c) => c.auth.autoLogin({ payload: { username: input.id, password: null, token: input.token, ...webClient } }), { auth: false }),
  ),
  refresh: fromPromise<StoredSession, { session: StoredSession }>(({ input }) => withTabLock('fasl.session.refresh', () => refreshShared(input.session))),
  logout: fromPromise<void, { session: StoredSession }>(async ({ input }) => {
    await callApi((c) => c.auth.logout({ payload: { refreshToken: input.session.refreshToken, ...webClient } }), { auth: false }).catch(
      () => undefined,
    )
  }),
}
