import { Context, Effect, Result } from 'effect'
import { FetchHttpClient, HttpClient, HttpClientRequest } from 'effect/http'
import { HttpApiClient } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import {
  ApiFailure,
  ApiForbidden,
  ApiInProgress,
  ApiKeyReused,
  ApiNotFound,
  ApiTooManyRequests,
  ApiUnauthorized,
  ApiUnavailable,
} from '../../contracts/wire-failures.ts'
import { idempotencyKeyHeader } from '../../contracts/settings.ts'
import { currentLocale } from './bridge.ts'
import { takeEarlyRead } from './early-reads.ts'
import { buildHeaders } from './headers.ts'
import type { RawFailure } from './problem.ts'
import { catalogueEntryOf } from './catalogue-entry.ts'

/** One call's own headers: its bearer token and Idempotency-Key (provided per call; the client is shared). */
const CallHeaders = Context.Reference<{ readonly token: string | null; readonly idempotencyKey?: string | undefined }>('fasl/api/CallHeaders', {
  defaultValue: () => ({ token: null }),
})

/** Every request's headers, from the call's context. */
const withCallHeaders = HttpClient.mapRequestEffect((request: HttpClientRequest.HttpClientRequest) =>
  Effect.map(Effect.service(CallHeaders), (call) => {
    const body = request.body
    const binary = body._tag === 'Uint8Array' || (body._tag === 'Raw' && body.contentType !== undefined && !body.contentType.includes('json'))
    const next = HttpClientRequest.setHeaders(request, buildHeaders({ locale: currentLocale(), accessToken: call.token, jsonBody: !binary }))
    return call.idempotencyKey === undefined ? next : HttpClientRequest.setHeader(next, idempotencyKeyHeader, call.idempotencyKey)
  }),
)

/** The whole client's type: one property per group (and a top-level group's endpoints at the root). Never made whole. */
const _wholeClient = () => HttpApiClient.make(FaslApi, { transformClient: withCallHeaders }).pipe(Effect.provide(FetchHttpClient.layer))
export type FaslClient = Effect.Success<ReturnType<typeof _wholeClient>>

/** One group's client: HttpApiClient over that group of the API (contracts/api.ts FaslApi), on fetch. */
const groupClient = (api: typeof FaslApi, group: string): Record<string, unknown> =>
  Effect.runSync(
    Effect.flatMap(HttpClient.HttpClient, (httpClient) => HttpApiClient.group(api, { group: group as never, httpClient: withCallHeaders(httpClient) })).pipe(
      Effect.provide(FetchHttpClient.layer),
    ),
  ) as Record<string, unknown>

/**
 * The declaration-driven client, loaded lazily (it carries Effect and the schemas), so the sign-in
 * page paints before it arrives. Making a client walks its endpoints (their encoders, decoders and
 * paths): for the whole contract that is 30 ms and more of a cold page's main thread, so each group
 * is made the first time a call uses it, once, and each call provides its own headers.
 */
const lazyClient = (api: typeof FaslApi): unknown => {
  const groups = new Map<string, Record<string, unknown>>()
  const groupOf = (group: string) => {
    let made = groups.get(group)
    if (made === undefined) groups.set(group, (made = groupClient(api, group)))
    return made
  }
  /** Where a top-level group's endpoints live: the root of the client. */
  const topLevelGroupOf = new Map(
    Object.values(api.groups as Record<string, { readonly identifier: string; readonly topLevel: boolean; readonly endpoints: Record<string, unknown> }>)
      .filter((group) => group.topLevel)
      .flatMap((group) => Object.keys(group.endpoints).map((endpoint) => [endpoint, group.identifier] as const)),
  )
  return new Proxy(
    {},
    {
      get: (_, name) => {
        if (typeof name !== 'string') return undefined
        const topLevel = topLevelGroupOf.get(name)
        return topLevel === undefined ? (name in api.groups ? groupOf(name) : undefined) : groupOf(topLevel)[name]
      },
    },
  )
}

/** Each API's client, made once: FaslApi's, and any other composeApi made (a feature's groups beside the core's). */
const clients = new WeakMap<object, unknown>()
const clientOf = (api: object): unknown => {
  let client = clients.get(api)
  if (client === undefined) clients.set(api, (client = lazyClient(api as typeof FaslApi)))
  return client
}

/**
 * One call's context: its headers, and `globalThis.fetch` read per call (Effect keeps the first
 * `globalThis.fetch` it reads for the life of the page, so a fetch installed later, a test's stub
 * or the soak's device network, would otherwise not be used); a read boot asked for early
 * (early-reads.ts) is answered from there. No tracing headers (traceparent, b3)
 * on the wire: nothing reads them, and a CORS proxy would have to allow them.
 */
const forCall = <A, E>(effect: Effect.Effect<A, E>, headers: Context.Service.Shape<typeof CallHeaders>) =>
  effect.pipe(
    Effect.provideService(CallHeaders, headers),
    Effect.provideService(FetchHttpClient.Fetch, (input, init) => takeEarlyRead(input, init) ?? globalThis.fetch(input, init)),
    Effect.provideService(HttpClient.TracerPropagationEnabled, false),
    Effect.provideService(HttpClient.TracerDisabledWhen, () => true),
  )

/** The contract's error classes and the HTTP status each is declared with. */
const declared: ReadonlyArray<readonly [abstract new (...args: never[]) => object, number]> = [
  [ApiFailure, 400],
  [ApiUnauthorized, 401],
  [ApiForbidden, 403],
  [ApiNotFound, 404],
  [ApiInProgress, 409],
  [ApiKeyReused, 422],
  [ApiTooManyRequests, 429],
  [ApiUnavailable, 503],
]

/** Turns whatever the Effect client failed with into the shell's RawFailure. */
export const classify = (error: unknown): RawFailure => {
  const e = error as {
    _tag?: string
    responseCode?: number
    responseMessage?: string
    validationList?: ReadonlyArray<{ field: string; message: string }>
    retryAfterSeconds?: number
    reason?: { _tag?: string; response?: { status: number } }
  }
  if (e !== null && typeof e === 'object') {
    const match = declared.find(([type]) => error instanceof type)
    if (match !== undefined)
      return {
        kind: 'response',
        status: match[1],
        code: e.responseCode,
        message: e.responseMessage,
        validationList: e.validationList,
        retryAfterSeconds: e.retryAfterSeconds,
        catalogue: catalogueEntryOf(e.responseCode),
      }
    if (e._tag === 'HttpClientError' && e.reason !== undefined) {
      if (e.reason._tag === 'TransportError') return { kind: 'offline' }
      if (e.reason.response !== undefined) return { kind: 'response', status: e.reason.response.status }
    }
  }
  return { kind: 'unknown' }
}

export type Outcome<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly failure: RawFailure }

/** Runs one call through the client of `api` (default FaslApi; its client's type is the caller's to name). */
export const run = async <A, Client = FaslClient>(
  call: (client: Client) => Effect.Effect<A, unknown, never>,
  options: { token: string | null; idempotencyKey?: string | undefined; timeoutMs: number },
  api: object = FaslApi,
): Promise<Outcome<A>> => {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs)
  try {
    const result = await Effect.runPromise(
      forCall(Effect.result(call(clientOf(api) as Client)), { token: options.token, idempotencyKey: options.idempotencyKey }),
      {
        signal: controller.signal,
      },
    )
    if (Result.isSuccess(result)) return { ok: true, value: result.success }
    return { ok: false, failure: timedOut ? { kind: 'timeout' } : classify(result.failure) }
  } catch (error) {
    return { ok: false, failure: timedOut ? { kind: 'timeout' } : classify(error) }
  } finally {
    clearTimeout(timer)
  }
}
