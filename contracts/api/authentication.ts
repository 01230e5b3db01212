import { Context } from 'effect'
import { HttpApiMiddleware, HttpApiSecurity } from 'effect/http-api'
import type { UserType } from '../entities.ts'
import { ApiForbidden, ApiUnauthorized } from '../envelope.ts'

/** Who is calling, as the verified access token says. */
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

/** Bearer-token check for every call made on behalf of a signed-in user. */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentCaller; requires: never }>()(
  'fasl/Authentication',
  { security: { bearer: HttpApiSecurity.bearer }, error: [ApiUnauthorized, ApiForbidden] },
) {}
