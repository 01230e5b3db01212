import { Effect } from 'effect'
import { SqlError } from 'effect/sql'
import { ApiUnavailable } from '../../contracts/wire-failures.ts'
import { httpMessages, ResponseCode } from '../../contracts/errors.ts'

/**
 * What a database error means for the caller, read from its SQLSTATE (the same codes from PGlite
 * and PostgreSQL) or, for a connection that never answered, the driver's own code:
 * - `unavailable`: the database cannot be reached (class 08, shutdown 57P01–57P03, too many
 *   connections, a refused or dropped socket, a closed PGlite): 503, the client tries again later;
 * - `retry`: a serialisation failure or deadlock (40001, 40P01): the transaction is run again;
 * - `fault`: anything else (a CHECK or foreign-key violation, bad SQL): the server's bug, a 500
 *   that is logged with its SQLSTATE. Answering 503 would make the client retry it for ever.
 */
export type DatabaseErrorKind = 'unavailable' | 'retry' | 'fault'

const unreachableCodes = new Set(['57P01', '57P02', '57P03', '53300'])
/** Node's socket errors and postgres.js's own codes for a connection that is gone or never came. */
const unreachableDriverCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])

const codeOf = (cause: unknown): string | undefined => {
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : undefined
}

export const databaseErrorKind = (cause: unknown): DatabaseErrorKind => {
  const code = codeOf(cause)
  if (code !== undefined && (code.startsWith('08') || unreachableCodes.has(code) || unreachableDriverCodes.has(code))) return 'unavailable'
  if (code === '40001' || code === '40P01') return 'retry'
  // PGlite closed (by a shutdown or a test) throws a plain Error with no code.
  if (cause instanceof Error && cause.message === 'PGlite is closed') return 'unavailable'
  return 'fault'
}

/** ApiUnavailable failures that came from a serialisation failure or deadlock: the transaction is run again. */
const retryable = new WeakSet<ApiUnavailable>()

export const isRetryable = (error: unknown): boolean => error instanceof ApiUnavailable && retryable.has(error)

const unavailable = () =>
  new ApiUnavailable({ responseCode: ResponseCode.unavailable, responseData: null, responseMessage: httpMessages.serverTrouble.en, validationList: [] })

const describe = (cause: unknown) => `${codeOf(cause) ?? 'no SQLSTATE'}: ${String(cause instanceof Error ? cause.message : cause)}`

/**
 * A database error (a SqlError from the SqlClient, or a driver's own) as the request sees it: `ApiUnavailable` (503, in the caller's language by the
 * Availability middleware) when it is worth trying again, else a defect that the edge answers 500
 * in the caller's language (server/http/envelope-errors.ts), logged here with its SQLSTATE.
 */
export const fromDatabaseError = (failure: unknown): Effect.Effect<never, ApiUnavailable> => {
  // The SqlClient's typed SqlError carries the driver's error, whose SQLSTATE says what it means.
  const cause = SqlError.isSqlError(failure) ? failure.reason.cause : failure
  const kind = databaseErrorKind(cause)
  if (kind === 'fault') {
    console.error('database fault:', describe(cause))
    return Effect.die(cause)
  }
  console.error(kind === 'retry' ? 'database conflict:' : 'database unavailable:', describe(cause))
  const error = unavailable()
  if (kind === 'retry') retryable.add(error)
  return Effect.fail(error)
}
