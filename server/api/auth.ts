import { Cause, Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import { isCommonPassword } from '../../contracts/common-passwords.ts'
import { ok } from '../../contracts/envelope.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import { checkEmail, checkPasswordReset, checkSignIn, type Issue } from '../../contracts/validation.ts'
import { AccountStates } from '../auth/account-states.ts'
import { consumeLinkToken, endLinkTokens, peekLinkToken } from '../auth/link-tokens.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { findRefreshToken, issueLoginData, openFamily, revokeAllFamilies, revokeFamily, rotateRefreshToken } from '../auth/sessions.ts'
import { accountFailureBucket, signInWindowMinutes } from '../auth/rate-limit.ts'
import { findUserByEmail, findUserById, type UserRow } from '../auth/users.ts'
import { InvalidInput, Refused, ServerMessageRefusal, TooManyRequests } from '../../contracts/failures.ts'
import { requestAddress, requestLocale } from '../http/request.ts'
import { Audit } from '../services/audit.ts'
import { Config } from '../services/config.ts'
import { Db, onDb } from '../services/db.ts'
import { RateLimits } from '../services/rate-limits.ts'
import { Tokens } from '../services/tokens.ts'
import { confirmEmailChange } from './email-change.ts'
import { sendResetLink } from './reset-mail.ts'
import { Background } from '../services/background.ts'

/** How long after its answer "forgot password" looks the account up and writes the mail. */
export const mailAfterAnswerMs = 100

/** The new-password field's refusal when it repeats the account's current password. */
const passwordSameAsCurrent: Issue = { field: 'newPassword', key: 'passwordSameAsOld' }

/** Every call names the client; an unknown one gets 120 before anything else happens. */
const checkClient = (clientId: string, clientSecret: string) =>
  Effect.gen(function* () {
    const config = yield* Config
    if (clientId !== config.clientId || clientSecret !== config.clientSecret) return yield* Effect.fail(new Refused({ code: ResponseCode.invalidClient }))
  })

/** A new sign-in of `user`: a refresh-token family and the login data, in one transaction. */
const signInAs = (user: UserRow, clientId: string) =>
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const db = yield* Db
    return yield* db.transaction(onDb(async (tx) => issueLoginData(tokens, tx, user, await openFamily(tx, user.id, clientId))))
  })

/** A wrong password for a known account, and the lockout when it used up the allowance. */
const failedSignIn = (user: UserRow, knownDevice: boolean, attemptsLeft: number) => [
  { schoolId: user.school_id, kind: 'sign-in-failed' as const, subjectId: user.id, detail: { knownDevice } },
  ...(attemptsLeft === 0
    ? [
        {
          schoolId: user.school_id,
          kind: 'account-locked' as const,
          subjectId: user.id,
          detail: { allowance: knownDevice ? ('device' as const) : ('unknown-devices' as const) },
        },
      ]
    : []),
]

/** Signed out by nature: none of these answers is ever stored for an Idempotency-Key (they hold tokens). */
export const AuthHandlers = HttpApiBuilder.group(FaslApi, 'auth', (handlers) =>
  Effect.succeed(
    handlers
      .handle('login', ({ payload }) =>
        Effect.gen(function* () {
          const { limits } = yield* Config
          const rateLimits = yield* RateLimits
          yield* checkClient(payload.clientId, payload.clientSecret)
          const issues = checkSignIn(payload)
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues }))
          const email = payload.email.trim().toLowerCase()
          const user = yield* onDb((on) => findUserByEmail(on, email))
          const tokens = yield* Tokens
          // OWASP's device cookie: a device this account signed in from before keeps its own allowance
          // (and is not counted against its address), so wrong passwords from elsewhere cannot lock it out.
          const deviceId = user === null || payload.deviceToken === undefined ? null : tokens.verifyDevice(payload.deviceToken, user.id)
          const failureBucket = deviceId !== null ? `signin-failure:device:${deviceId}` : accountFailureBucket(email)
          const addressBucket = `signin:address:${yield* requestAddress}`
          const addressAllowed = deviceId !== null || (yield* rateLimits.take(addressBucket, signInWindowMinutes, limits.signInPerAddress)) !== null
          const attemptsLeft = addressAllowed ? yield* rateLimits.take(failureBucket, signInWindowMinutes, limits.signInPerAccount) : null
          if (attemptsLeft === null) {
            const [bucket, limit] = addressAllowed ? [failureBucket, limits.signInPerAccount] : [addressBucket, limits.signInPerAddress]
            return yield* Effect.fail(new TooManyRequests({ retryAfterSeconds: yield* rateLimits.retryAfter(bucket, signInWindowMinutes, limit) }))
          }
          // The attempt was counted before the password is checked: parallel guesses cannot overrun the limit.
          const valid = yield* Effect.promise(() => verifyPassword(user?.password_hash ?? null, payload.password))
          if (user === null || !valid) {
            // Only a known account's failures are written (an unknown email belongs to no school), and
            // without waiting: the answer must not take longer for a known email than for an unknown one.
            if (user !== null) yield* (yield* Audit).refused(failedSignIn(user, deviceId !== null, attemptsLeft))
            return yield* Effect.fail(new Refused({ code: ResponseCode.wrongEmailOrPassword }))
          }
          yield* rateLimits.clear(failureBucket)
          return ok({ ...(yield* signInAs(user, payload.clientId)), deviceToken: deviceId !== null ? payload.deviceToken! : tokens.signDevice(user.id) })
        }),
      )
      .handle('refresh', ({ payload }) =>
        Effect.gen(function* () {
          const tokens = yield* Tokens
          const accounts = yield* AccountStates
          yield* checkClient(payload.clientId, payload.clientSecret)
          const invalid = new Refused({ code: ResponseCode.invalidRefreshToken })
          const found = yield* onDb((on) => findRefreshToken(on, payload.refreshToken))
          if (found === null || found.familyRevoked || found.familyExpired) return yield* Effect.fail(invalid)
          const rotated = yield* onDb((on) => rotateRefreshToken(on, payload.refreshToken))
          if (!rotated) {
            // A rotated token came back: someone holds a copy. End the whole sign-in.
            yield* onDb((on) => revokeFamily(on, found.familyId, 'refresh token reused'))
            accounts.forget(found.userId)
            const owner = yield* onDb((on) => findUserById(on, found.userId))
            if (owner !== null)
              yield* (yield* Audit).ofAccount({
                schoolId: owner.school_id,
                kind: 'refresh-token-reused',
                subjectId: owner.id,
                detail: { sessionId: found.familyId },
              })
            return yield* Effect.fail(invalid)
          }
          const user = yield* onDb((on) => findUserById(on, found.userId))
          if (user === null) return yield* Effect.fail(invalid)
          return ok(yield* onDb((on) => issueLoginData(tokens, on, user, found.familyId)))
        }),
      )
      .handle('autoLogin', ({ payload }) =>
        Effect.gen(function* () {
          yield* checkClient(payload.clientId, payload.clientSecret)
          const userId = yield* onDb((on) => peekLinkToken(on, payload.token, 'autologin'))
          const user = userId === payload.username ? yield* onDb((on) => findUserById(on, payload.username)) : null
          const used = user === null ? null : yield* onDb((on) => consumeLinkToken(on, payload.token, 'autologin'))
          if (user === null || used !== user.id) return yield* Effect.fail(new ServerMessageRefusal({ key: 'signInLinkInvalid' }))
          return ok(yield* signInAs(user, payload.clientId))
        }),
      )
      .handle('logout', ({ payload }) =>
        Effect.gen(function* () {
          yield* checkClient(payload.clientId, payload.clientSecret)
          const found = yield* onDb((on) => findRefreshToken(on, payload.refreshToken))
          if (found !== null) {
            yield* onDb((on) => revokeFamily(on, found.familyId, 'signed out'))
            ;(yield* AccountStates).forget(found.userId)
          }
          return ok(null)
        }),
      )
      .handle('forgetPassword', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          const { limits } = yield* Config
          const rateLimits = yield* RateLimits
          yield* checkClient(payload.clientId, payload.clientSecret)
          const issues = checkEmail('email', payload.email)
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues }))
          const email = payload.email.trim().toLowerCase()
          const addressBucket = `reset:address:${yield* requestAddress}`
          const accountBucket = `reset:account:${email}`
          const [byAddress, byAccount] = yield* Effect.all([rateLimits.hitsWithin(addressBucket, 60), rateLimits.hitsWithin(accountBucket, 60)], {
            concurrency: 2,
          })
          // Counted per requested address whether or not it is known, so the limit reveals nothing.
          if (byAddress >= limits.resetPerAddress || byAccount >= limits.resetPerAccount) {
            const waits = yield* Effect.all([
              byAddress >= limits.resetPerAddress ? rateLimits.retryAfter(addressBucket, 60, limits.resetPerAddress) : Effect.succeed(0),
              byAccount >= limits.resetPerAccount ? rateLimits.retryAfter(accountBucket, 60, limits.resetPerAccount) : Effect.succeed(0),
            ])
            return yield* Effect.fail(new TooManyRequests({ retryAfterSeconds: Math.max(...waits) }))
          }
          yield* Effect.all([rateLimits.record(addressBucket), rateLimits.record(accountBucket)], { concurrency: 2 })
          // Answered before the account is even looked up: the lookup and the mail run detached, a moment
          // after the answer has been written (so even work that holds the process cannot delay it),
          // and the answer's timing cannot tell a known email from an unknown one. The mail is worded in
          // the request's language (the page's), read now and carried into the detached work.
          // In the server's scope (Background), so a server that stops ends it rather than leaving it to a closed database.
          yield* Effect.forkIn(
            Effect.gen(function* () {
              yield* Effect.sleep(`${mailAfterAnswerMs} millis`)
              const user = yield* onDb((on) => findUserByEmail(on, email))
              if (user !== null) yield* sendResetLink(user, locale)
            }).pipe(
              // Ended by the server stopping: nothing failed.
              Effect.catchCause((cause) =>
                Cause.hasInterruptsOnly(cause) ? Effect.void : Effect.sync(() => console.error('forgot password: the reset mail failed:', String(cause))),
              ),
            ),
            (yield* Background).scope,
          )
          return ok(null)
        }),
      )
      .handle('checkResetToken', ({ payload }) =>
        Effect.map(
          onDb((on) => peekLinkToken(on, payload.token, 'reset')),
          (userId) => ok({ valid: userId !== null }),
        ),
      )
      .handle('confirmEmail', ({ payload }) =>
        Effect.gen(function* () {
          yield* checkClient(payload.clientId, payload.clientSecret)
          return ok(yield* confirmEmailChange(payload.token))
        }),
      )
      .handle('resetPassword', ({ payload }) =>
        Effect.gen(function* () {
          const db = yield* Db
          const accounts = yield* AccountStates
          yield* checkClient(payload.clientId, payload.clientSecret)
          const linkOwner = yield* onDb((on) => peekLinkToken(on, payload.token, 'reset'))
          if (linkOwner === null) return yield* Effect.fail(new Refused({ code: ResponseCode.invalidResetToken }))
          const issues = checkPasswordReset(payload, isCommonPassword)
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues }))
          // The page promises a new password: the current one is refused like any rule, and the link
          // (only peeked so far) stays usable for a second try.
          const owner = yield* onDb((on) => findUserById(on, linkOwner))
          if (owner !== null && (yield* Effect.promise(() => verifyPassword(owner.password_hash, payload.newPassword))))
            return yield* Effect.fail(new InvalidInput({ issues: [passwordSameAsCurrent] }))
          const passwordHash = yield* Effect.promise(() => hashPassword(payload.newPassword))
          const userId = yield* db.transaction(
            Effect.gen(function* () {
              const owner = yield* onDb(async (tx) => {
                const owner = await consumeLinkToken(tx, payload.token, 'reset')
                if (owner === null) return null
                const [changed] = await tx.query<{ school_id: number }>(
                  '/* across schools: the account of a reset link, signed out */ UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1 RETURNING school_id',
                  [owner, passwordHash],
                )
                await revokeAllFamilies(tx, owner, 'password reset')
                // The account's other reset, sign-in and email-change links end with this one.
                if (changed !== undefined) await endLinkTokens(tx, { id: owner, school_id: changed.school_id })
                return { id: owner, schoolId: changed?.school_id ?? null }
              })
              if (owner !== null && owner.schoolId !== null)
                yield* (yield* Audit).ofAccount({ schoolId: owner.schoolId, kind: 'password-reset', subjectId: owner.id })
              return owner?.id ?? null
            }),
          )
          if (userId === null) return yield* Effect.fail(new Refused({ code: ResponseCode.invalidResetToken }))
          accounts.forget(userId)
          return ok(null)
        }),
      ),
  ),
)
