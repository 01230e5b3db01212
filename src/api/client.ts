import type { Effect } from 'effect'
import type { HttpApi, HttpApiClient } from 'effect/http-api'
import { requestDefaults } from '../../contracts/settings.ts'
import { authBridge, currentLocale } from './bridge.ts'
import type { FaslClient } from './client-impl.ts'
import { isApiProblem, toProblem, type ApiProblem } from './problem.ts'

export type { FaslClient } from './client-impl.ts'
export { isApiProblem, type ApiProblem } from './problem.ts'

let impl: Promise<typeof import('./client-impl.ts')> | null = null
const loadImpl = () => (impl ??= import('./client-impl.ts'))

/** Starts loading the client early (e.g. when the sign-in form gets focus). */
export const preloadApi = () => void loadImpl()

export interface CallOptions {
  /** false for the public calls (sign-in, refresh, password recovery); default true. */
  readonly auth?: boolean
  readonly idempotencyKey?: string
  readonly timeoutMs?: number
  /** Skip the token freshness check (used by the session's own refresh/logout). */
  readonly token?: string | null
}

type EnvelopeOf<A> = { readonly responseData: A }

/**
 * Calls one endpoint through the contract's client and answers its `responseData`; any failure rejects
 * with an ApiProblem whose message is already in the user's language (spec §8).
 */
export const callApi = <A>(use: (client: FaslClient) => Effect.Effect<EnvelopeOf<A>, unknown, never>, options: CallOptions = {}): Promise<A> =>
  callThrough(undefined, use, options)

/**
 * callApi through another API than FaslApi, made by composeApi (contracts/api.ts) with a feature's
 * groups beside the core's: a feature not (yet) listed there, as tests/unit/fixtures/field-trips.
 */
export const callApiOf =
  <Api extends HttpApi.Constraint>(api: Api) =>
  <A>(use: (client: HttpApiClient.ForApi<Api>) => Effect.Effect<EnvelopeOf<A>, unknown, never>, options: CallOptions = {}): Promise<A> =>
    callThrough(api, use, options)

const callThrough = async <A, Client>(
  api: object | undefined,
  use: (client: Client) => Effect.Effect<EnvelopeOf<A>, unknown, never>,
  options: CallOptions,
): Promise<A> => {
  const auth = options.auth ?? true
  const timeoutMs = options.timeoutMs ?? requestDefaults.timeoutMs
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw toProblem({ kind: 'offline' }, currentLocale())
  const { run } = await loadImpl()
  let token = options.token !== undefined ? options.token : auth ? await authBridge().freshToken() : null
  if (auth && token === null) throw toProblem({ kind: 'response', status: 401 }, currentLocale())
  for (let attempt = 0; ; attempt++) {
    const outcome = await run(use, { token, idempotencyKey: options.idempotencyKey, timeoutMs }, api)
    if (outcome.ok) return outcome.value.responseData
    const failure = outcome.failure
    if (auth && attempt === 0 && options.token === undefined && failure.kind === 'response' && failure.status === 401 && token !== null) {
      const next = await authBridge().onUnauthorized(token)
      if (next !== null && next !== token) {
        token = next
        continue
      }
    }
    throw toProblem(failure, currentLocale())
  }
}

/** A problem's message for a toast; non-problems become "Something went wrong". */
export const problemOf = (error: unknown): ApiProblem => (isApiProblem(error) ? error : toProblem({ kind: 'unknown' }, currentLocale()))
