import { Effect, Layer, Redacted } from 'effect'
import { accessRuleOf, Authentication, CurrentCaller, mayCall, type Caller } from '../../contracts/api.ts'
import { AccountStates } from '../auth/account-states.ts'
import { Forbidden, PasswordChangeRequired, Unauthorized } from '../../contracts/failures.ts'
import { Db, dbService } from '../services/db.ts'
import { Tokens } from '../services/tokens.ts'

/** The calls a caller with a one-time password may make: read the profile, change the password. */
const openBeforePasswordChange: ReadonlySet<string> = new Set(['getUserInfo', 'changePassword'])

/**
 * Verifies the bearer access token (signature and expiry), then reads the account as it is now
 * with the token's session (cached two seconds, see account-states.ts): a deleted account or a
 * revoked session (sign-out, refresh reuse, password change or reset) is signed out, a changed type or
 * school counts at once, and the endpoint's `allow(...)` and `requireRole(...)` rules are checked against
 * the current type and roles (contracts/api/authorization.ts).
 * A one-time-password account reaches only the password change.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const accounts = yield* AccountStates
    const db = yield* Db
    return Authentication.of({
      bearer: (httpEffect, { credential, endpoint, group }) =>
        Effect.gen(function* () {
          const claims = yield* Effect.promise(() => tokens.verify(Redacted.value(credential)))
          if (claims === null) return yield* Effect.fail(new Unauthorized())
          const account = yield* accounts.read(claims.userId, claims.schoolId, claims.sessionId)
          // A signed-out, reused-refresh or password-changed session: its access tokens end with it.
          if (account === null || !account.sessionOpen) return yield* Effect.fail(new Unauthorized())
          if (account.mustChangePassword && !openBeforePasswordChange.has(endpoint.identifier)) return yield* Effect.fail(new PasswordChangeRequired())
          // The endpoint's allow(...) and requireRole(...) against the type and roles the account has now.
          if (!mayCall(accessRuleOf(endpoint as never, group as never), account)) return yield* Effect.fail(new Forbidden())
          const caller: Caller = {
            userId: claims.userId,
            sessionId: claims.sessionId,
            schoolId: account.schoolId,
            userType: account.userType,
            roles: account.roles,
            ...(account.mustChangePassword ? { passwordChangeRequired: true } : {}),
          }
          // Every statement of the call reaches only the caller's school (server/db/row-security.ts).
          return yield* httpEffect.pipe(Effect.provideService(CurrentCaller, caller), Effect.provideService(Db, dbService(db.client, caller.schoolId)))
        }),
    })
  }),
)
