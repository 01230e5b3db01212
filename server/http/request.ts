import { Effect } from 'effect'
import { HttpServerRequest } from 'effect/http'
import { localeFromAcceptLanguage, type Locale } from '../../contracts/errors.ts'

/** The caller's language, from Accept-Language (ar-EG → Arabic, anything else → English). */
export const requestLocale: Effect.Effect<Locale, never, HttpServerRequest.HttpServerRequest> = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  localeFromAcceptLanguage(request.headers['accept-language']),
)

/** The connected peer's address, used for per-address rate limits and signed-out idempotency keys. */
export const requestAddress: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  request.remoteAddress._tag === 'Some' ? request.remoteAddress.value : 'unknown',
)
