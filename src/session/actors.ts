import { fromPromise } from 'xstate'
import { webClient } from '../../contracts/settings.ts'
import type { RefreshUnanswered, StoredSession } from '../../machines/session.machine.ts'
import { callApi, isApiProblem } from '../api/client.ts'
import { deviceTokenFor, keepDeviceToken } from './device-tokens.ts'
import { refreshShared } from './shared-refresh.ts'
import { withTabLock } from './tab-lock.ts'

const refreshCall = (session: StoredSession) =>
  callApi((c) => c.auth.refresh({ payload: { token: session.accessToken, refreshToken: session.refreshToken, ...webClient } }), { auth: false }).catch(
    (problem: unknown) => {
      // No answer (offline 503, timeout 408, the page closing): the machine keeps the session.
      throw isApiProblem(problem) && (problem.status === 503 || problem.status === 408)
        ? ({ ...problem, unanswered: true } satisfies RefreshUnanswered)
        : problem
    },
  )

/** The session machine's actors, calling the real API (public calls: no bearer token). */
export const sessionActors = {
  login: fromPromise<StoredSession, { email: string; password: string }>(async ({ input }) => {
    const deviceToken = deviceTokenFor(input.email)
    const { deviceToken: answered, ...session } = await callApi(
      (c) =>
        c.auth.login({ payload: { email: input.email.trim(), password: input.password, ...(deviceToken === undefined ? {} : { deviceToken }), ...webClient } }),
      { auth: false },
    )
    // Kept apart from the session (see device-tokens.ts).
    if (answered !== undefined) keepDeviceToken(input.email, answered)
    return session
  }),
  autoLogin: fromPromise<StoredSession, { id: string; token: string }>(({ input }) =>
    callApi((c) => c.auth.autoLogin({ payload: { username: input.id, password: null, token: input.token, ...webClient } }), { auth: false }),
  ),
  refresh: fromPromise<StoredSession, { session: StoredSession }>(({ input }) =>
    withTabLock('fasl.session.refresh', () => refreshShared(localStorage, refreshCall)(input.session)),
  ),
  logout: fromPromise<void, { session: StoredSession }>(async ({ input }) => {
    await callApi((c) => c.auth.logout({ payload: { refreshToken: input.session.refreshToken, ...webClient } }), { auth: false }).catch(() => undefined)
  }),
}
