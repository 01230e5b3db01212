import { Effect, Layer, Redacted } from 'effect'
import { Authentication, CurrentCaller } from '../../contracts/api.ts'
import { passwordChangeRequired, unauthorized } from '../http/failures.ts'
import { requestLocale, ServerRuntime } from '../services.ts'

/** The calls a caller with a one-time password may make: read the profile, change the password. */
const openBeforePasswordChange: ReadonlySet<string> = new Set(['getUserInfo', 'changePassword'])

/**
 * Verifies the bearer access token (signature and expiry) and provides the caller. A token issued
 * for a one-time password opens only the password change; the database is asked only for such a
 * token, so once the password is changed the same token works without signing in again.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const runtime = yield* ServerRuntime
    const stillRequired = (userId: string) =>
      runtime.db.query<{ must_change_password: boolean }>('SELECT must_change_password FROM users WHERE id = $1', [userId]).then((rows) => rows[0]?.must_change_password === true)
    return Authentication.of({
      bearer: (httpEffect, { credential, endpoint }) =>
        Effect.gen(function* () {
          const caller = yield* Effect.promise(() => runtime.tokens.verify(Redacted.value(credential)))
          if (caller === null) return yield* Effect.fail(unauthorized(yield* requestLocale))
          if (caller.passwordChangeRequired === true && !openBeforePasswordChange.has(endpoint.identifier) && (yield* Effect.promise(() => stillRequired(caller.userId))))
            return yield* Effect.fail(passwordChangeRequired(yield* requestLocale))
          return yield* Effect.provideService(httpEffect, CurrentCaller, caller)
        }),
    })
  }),
)
