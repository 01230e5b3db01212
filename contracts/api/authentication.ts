import { Context } from 'effect'
import { HttpApiMiddleware, HttpApiSecurity } from 'effect/http-api'
import type { UserType } from '../entities.ts'
import { ApiUnavailable } from '../wire-failures.ts'
import { failures, Forbidden, PasswordChangeRequired, Unauthorized } from '../failures.ts'

/** Who is calling: the verified access token's account, with its CURRENT type, roles and school. */
export interface Caller {
  readonly userId: string
  readonly schoolId: number
  readonly userType: UserType
  readonly roles: ReadonlyArray<string>
  /** The refresh-token family this access token belongs to (one per sign-in). */
  readonly sessionId: string
  /** Signed in with a one-time password: only reading the profile and changing the password are open. */
  readonly passwordChangeRequired?: boolean
}

export class CurrentCaller extends Context.Service<CurrentCaller, Caller>()('fasl/CurrentCaller') {}

/**
 * Bearer-token check for every call made on behalf of a signed-in user; it also enforces the
 * endpoint's `allow(...)` rule (see authorization.ts) against the account as it is now.
 */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentCaller; requires: never }>()('fasl/Authentication', {
  security: { bearer: HttpApiSecurity.bearer },
  error: [...failures(Unauthorized, Forbidden, PasswordChangeRequired), ApiUnavailable],
}) {}
