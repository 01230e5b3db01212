import { Context, Effect } from 'effect'
import { HttpServerRequest } from 'effect/http'
import { localeFromAcceptLanguage, type Locale } from '../contracts/errors.ts'
import type { AccessTokens } from './auth/tokens.ts'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/db.ts'
import type { Mailer } from './mail/mailer.ts'

/** What every handler needs, built once at start-up. */
export interface Runtime {
  readonly config: ServerConfig
  readonly db: Db
  readonly tokens: AccessTokens
  readonly mailer: Mailer
  /** The address put into emailed links. */
  readonly publicUrl: string
}

export class ServerRuntime extends Context.Service<ServerRuntime, Runtime>()('fasl/ServerRuntime') {}

/** The caller's language, from Accept-Language (ar-EG → Arabic, anything else → English). */
export const requestLocale: Effect.Effect<Locale, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => localeFromAcceptLanguage(request.headers['accept-language']),
)

/** The connected peer's address, used for per-address rate limits. */
export const requestAddress: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => (request.remoteAddress._tag === 'Some' ? request.remoteAddress.value : 'unknown'),
)

