import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import { ok } from '../../contracts/envelope.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import { checkEmail, checkPasswordReset, checkSignIn } from '../../contracts/validation.ts'
import { consumeLinkToken, peekLinkToken } from '../auth/link-tokens.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { clearHits, hitsWithin, recordHit } from '../auth/rate-limit.ts'
import { findRefreshToken, issueLoginData, openFamily, revokeAllFamilies, revokeFamily, rotateRefreshToken } from '../auth/sessions.ts'
import { findUserByEmail, findUserById } from '../auth/users.ts'
import { catalogueFailure, serverMessageFailure, tooManyRequests, validationFailure } from '../http/failures.ts'
import { requestAddress, requestLocale, ServerRuntime } from '../services.ts'
import { sendResetLink } from './reset-mail.ts'

const signInWindowMinutes = 15

export const AuthHandlers = HttpApiBuilder.group(FaslApi, 'auth', (handlers) =>
  Effect.gen(function* () {
    const runtime = yield* ServerRuntime
    const { db, config } = runtime
    const promise = <T>(work: () => Promise<T>) => Effect.promise(work)

    /** Every call names the client; an unknown one gets 120 before anything else happens. */
    const checkClient = (clientId: string, clientSecret: string) =>
      Effect.gen(function* () {
        if (clientId !== config.clientId || clientSecret !== config.clientSecret)
          return yield* Effect.fail(catalogueFailure(ResponseCode.invalidClient, yield* requestLocale))
      })

    return handlers
      .handle('login', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          yield* checkClient(payload.clientId, payload.clientSecret)
          const issues = checkSignIn(payload)
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          const email = payload.email.trim().toLowerCase()
          const addressBucket = `signin:address:${yield* requestAddress}`
          const accountBucket = `signin-failure:account:${email}`
          const [byAddress, failuresOfAccount] = yield* promise(() =>
            Promise.all([hitsWithin(db, addressBucket, signInWindowMinutes), hitsWithin(db, accountBucket, signInWindowMinutes)]),
          )
          if (byAddress >= config.limits.signInPerAddress || failuresOfAccount >= config.limits.signInPerAccount)
            return yield* Effect.fail(tooManyRequests(locale))
          yield* promise(() => recordHit(db, addressBucket))
          const user = yield* promise(() => findUserByEmail(db, email))
          const valid = yield* promise(() => verifyPassword(user?.password_hash ?? null, payload.password))
          if (user === null || !valid) {
            yield* promise(() => recordHit(db, accountBucket))
            return yield* Effect.fail(catalogueFailure(ResponseCode.wrongEmailOrPassword, locale))
          }
          yield* promise(() => clearHits(db, accountBucket))
          return ok(
            yield* promise(() => db.transaction(async (tx) => issueLoginData(runtime, tx, user, await openFamily(tx, user.id, payload.clientId)))),
          )
        }),
      )
      .handle('refresh', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          yield* checkClient(payload.clientId, payload.clientSecret)
          const invalid = catalogueFailure(ResponseCode.invalidRefreshToken, locale)
          const found = yield* promise(() => findRefreshToken(db, payload.refreshToken))
          if (found === null || found.familyRevoked || found.familyExpired) return yield* Effect.fail(invalid)
          const rotated = yield* promise(() => rotateRefreshToken(db, payload.refreshToken))
          if (!rotated) {
            // A rotated token came back: someone holds a copy. End the whole sign-in.
            yield* promise(() => revokeFamily(db, found.familyId, 'refresh token reused'))
            return yield* Effect.fail(invalid)
          }
          const user = yield* promise(() => findUserById(db, found.userId))
          if (user === null) return yield* Effect.fail(invalid)
          return ok(yield* promise(() => issueLoginData(runtime, db, user, found.familyId)))
        }),
      )
      .handle('autoLogin', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          yield* checkClient(payload.clientId, payload.clientSecret)
          const userId = yield* promise(() => peekLinkToken(db, payload.token, 'autologin'))
          const user = userId === payload.username ? yield* promise(() => findUserById(db, payload.username)) : null
          const used = user === null ? null : yield* promise(() => consumeLinkToken(db, payload.token, 'autologin'))
          if (user === null || used !== user.id)
            return yield* Effect.fail(serverMessageFailure(locale === 'ar' ? 'رابط تسجيل الدخول غير صالح أو منتهي.' : 'This sign-in link is not valid anymore.'))
          return ok(
            yield* promise(() => db.transaction(async (tx) => issueLoginData(runtime, tx, user, await openFamily(tx, user.id, payload.clientId)))),
          )
        }),
      )
      .handle('logout', ({ payload }) =>
        Effect.gen(function* () {
          yield* checkClient(payload.clientId, payload.clientSecret)
          const found = yield* promise(() => findRefreshToken(db, payload.refreshToken))
          if (found !== null) yield* promise(() => revokeFamily(db, found.familyId, 'signed out'))
          return ok(null)
        }),
      )
      .handle('forgetPassword', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          yield* checkClient(payload.clientId, payload.clientSecret)
          const issues = checkEmail('email', payload.email)
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          const email = payload.email.trim().toLowerCase()
          const addressBucket = `reset:address:${yield* requestAddress}`
          const accountBucket = `reset:account:${email}`
          const [byAddress, byAccount] = yield* promise(() => Promise.all([hitsWithin(db, addressBucket, 60), hitsWithin(db, accountBucket, 60)]))
          // Counted per requested address whether or not it is known, so the limit reveals nothing.
          if (byAddress >= config.limits.resetPerAddress || byAccount >= config.limits.resetPerAccount) return yield* Effect.fail(tooManyRequests(locale))
          yield* promise(() => Promise.all([recordHit(db, addressBucket), recordHit(db, accountBucket)]))
          const user = yield* promise(() => findUserByEmail(db, email))
          if (user !== null) yield* promise(() => sendResetLink(runtime, user))
          return ok(null)
        }),
      )
      .handle('checkResetToken', ({ payload }) =>
        Effect.map(
          Effect.promise(() => peekLinkToken(db, payload.token, 'reset')),
          (userId) => ok({ valid: userId !== null }),
        ),
      )
      .handle('resetPassword', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          yield* checkClient(payload.clientId, payload.clientSecret)
          if ((yield* promise(() => peekLinkToken(db, payload.token, 'reset'))) === null)
            return yield* Effect.fail(catalogueFailure(ResponseCode.invalidResetToken, locale))
          const issues = checkPasswordReset(payload)
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          const passwordHash = yield* promise(() => hashPassword(payload.newPassword))
          const userId = yield* promise(() =>
            db.transaction(async (tx) => {
              const owner = await consumeLinkToken(tx, payload.token, 'reset')
              if (owner === null) return null
              await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [owner, passwordHash])
              await revokeAllFamilies(tx, owner, 'password reset')
              return owner
            }),
          )
          if (userId === null) return yield* Effect.fail(catalogueFailure(ResponseCode.invalidResetToken, locale))
          return ok(null)
        }),
      )
  }),
)
