import { Effect, Layer, Redacted } from 'effect'
import { Authentication, CurrentCaller } from '../../contracts/api.ts'
import { unauthorized } from '../http/failures.ts'
import { requestLocale, ServerRuntime } from '../services.ts'

/** Verifies the bearer access token (signature and expiry) and provides the caller. */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const runtime = yield* ServerRuntime
    return Authentication.of({
      bearer: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const caller = yield* Effect.promise(() => runtime.tokens.verify(Redacted.value(credential)))
          if (caller === null) return yield* Effect.fail(unauthorized(yield* requestLocale))
          return yield* Effect.provideService(httpEffect, CurrentCaller, caller)
        }),
    })
  }),
)
