import { randomBytes } from 'node:crypto'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../../contracts/api.ts'
import { ok } from '../../../contracts/envelope.ts'
import { isCommonPassword } from '../../../contracts/common-passwords.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import { emailChangeDefaults } from '../../../contracts/settings.ts'
import { checkPasswordChange, checkProfile, checkProfileImage, normalisePhone, sniffImageType } from '../../../contracts/validation.ts'
import { AccountStates } from '../../../server/auth/account-states.ts'
import { endLinkTokens, pendingEmailOf } from '../../../server/auth/link-tokens.ts'
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts'
import { revokeOtherFamilies } from '../../../server/auth/sessions.ts'
import { toUserInfo, type UserRow } from '../../../server/auth/users.ts'
import { accountFailureBucket, signInWindowMinutes } from '../../../server/auth/rate-limit.ts'
import { InvalidInput, Refused, TooManyRequests, Unauthorized } from '../../../contracts/failures.ts'
import { Audit } from '../../../server/services/audit.ts'
import { Config } from '../../../server/services/config.ts'
import { Db, onDb } from '../../../server/services/db.ts'
import { reencodeProfileImage } from '../../../server/http/image-reencode.ts'
import { RateLimits } from '../../../server/services/rate-limits.ts'
import { emailChangeBucket, requestEmailChange } from '../../../server/api/email-change.ts'
import { FileStore } from '../../../server/services/file-store.ts'
import { Tokens } from '../../../server/services/tokens.ts'
import { inSchool } from '../../../server/services/tenancy.ts'

/** The caller's own row; a deleted account reads as signed out. */
const currentUser = Effect.gen(function* () {
  const caller = yield* CurrentCaller
  const [user] = yield* inSchool<UserRow>('SELECT * FROM users WHERE id = $1 AND school_id = $school', [caller.userId])
  if (user === undefined) return yield* Effect.fail(new Unauthorized())
  return user
})

/**
 * The caller's profile as answered: a stored image as a signed link the browser can load
 * (auth/file-links.ts), and the address of an email change waiting for its link, if any.
 */
const userInfoOf = (row: UserRow) =>
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const info = toUserInfo(row)
    const pendingEmail = yield* onDb((on) => pendingEmailOf(on, row))
    return ok({ ...info, image: tokens.fileLinks.sign(info.image), ...(pendingEmail === null ? {} : { pendingEmail }) })
  })

/** The row after an update of the caller's own account; authorization forgets what it cached of it. */
const updateOwnRow = (sql: string, params: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    const [row] = yield* inSchool<UserRow>(sql, [caller.userId, ...params])
    if (row !== undefined) (yield* AccountStates).forget(caller.userId)
    return row
  })

/**
 * The caller's current password, guessed at most as often as a sign-in from an unknown device:
 * the attempt counts in the account's sign-in failures (shared with Login) before it is checked.
 */
const checkCurrentPassword = (user: UserRow, password: string, during: 'password-change' | 'email-change') =>
  Effect.gen(function* () {
    const { limits } = yield* Config
    const rateLimits = yield* RateLimits
    const bucket = accountFailureBucket(user.email)
    const attemptsLeft = yield* rateLimits.take(bucket, signInWindowMinutes, limits.signInPerAccount)
    if (attemptsLeft === null)
      return yield* Effect.fail(new TooManyRequests({ retryAfterSeconds: yield* rateLimits.retryAfter(bucket, signInWindowMinutes, limits.signInPerAccount) }))
    if (!(yield* Effect.promise(() => verifyPassword(user.password_hash, password)))) {
      const failure = { schoolId: user.school_id, subjectId: user.id }
      yield* (yield* Audit).refused(
        [
          { ...failure, kind: 'reauthentication-failed', detail: { during } },
          ...(attemptsLeft === 0 ? [{ ...failure, kind: 'account-locked' as const, detail: { allowance: 'unknown-devices' as const } }] : []),
        ],
        user.id,
      )
      return yield* Effect.fail(new Refused({ code: ResponseCode.oldPasswordIncorrect }))
    }
    yield* rateLimits.clear(bucket)
  })

export const AccountHandlers = HttpApiBuilder.group(FaslApi, 'account', (handlers) =>
  Effect.succeed(
    handlers
      .handle('getUserInfo', () => Effect.flatMap(currentUser, userInfoOf))
      .handle('changePassword', ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* currentUser
          const issues = checkPasswordChange(payload, isCommonPassword)
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues: issues }))
          yield* checkCurrentPassword(user, payload.oldPassword, 'password-change')
          const passwordHash = yield* Effect.promise(() => hashPassword(payload.newPassword))
          const { sessionId } = yield* CurrentCaller
          const db = yield* Db
          // Whoever knew the old password may hold a session elsewhere: only this one stays open.
          // And every outstanding reset, sign-in or email-change link ends: none was made for the new password.
          yield* db.transaction(
            Effect.gen(function* () {
              yield* updateOwnRow('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1 AND school_id = $school RETURNING *', [
                passwordHash,
              ])
              yield* onDb((on) => revokeOtherFamilies(on, user.id, sessionId, 'password changed'))
              yield* onDb((on) => endLinkTokens(on, user))
              yield* (yield* Audit).byCaller({ kind: 'password-changed', subjectId: user.id })
            }),
          )
          // Once committed: the other sessions' access tokens stop working at once on this process.
          ;(yield* AccountStates).forget(user.id)
          return ok(null)
        }),
      )
      .handle('updateProfile', ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* currentUser
          const issues = checkProfile(payload)
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues: issues }))
          const email = payload.email.trim()
          const emailChanged = email.toLowerCase() !== user.email.toLowerCase()
          // A stolen access token must not move the account to another address: the password is asked,
          // and the requests are counted per account (taken address or not, so the limit tells nothing).
          if (emailChanged) {
            if (payload.currentPassword === undefined || payload.currentPassword === '')
              return yield* Effect.fail(new InvalidInput({ issues: [{ field: 'currentPassword', key: 'required' }] }))
            yield* checkCurrentPassword(user, payload.currentPassword, 'email-change')
            const rateLimits = yield* RateLimits
            if ((yield* rateLimits.take(emailChangeBucket(user.id), 60, emailChangeDefaults.perAccountPerHour)) === null)
              return yield* Effect.fail(
                new TooManyRequests({ retryAfterSeconds: yield* rateLimits.retryAfter(emailChangeBucket(user.id), 60, emailChangeDefaults.perAccountPerHour) }),
              )
          }
          const phone = payload.phone === null || payload.phone.trim() === '' ? null : normalisePhone(payload.phone)
          const expected = payload.expectedVersion ?? null
          // The version check and the write are one statement: no edit can slip in between them. A new
          // email is not written: it waits for its link (email-change.ts), the other fields are saved.
          const update = updateOwnRow(
            `UPDATE users SET first_name = $2, last_name = $3, email = $4, phone = $5, preferred_language = $6, version = version + 1
               WHERE id = $1 AND school_id = $school AND ($7::integer IS NULL OR version = $7::integer) RETURNING *`,
            [payload.firstName, payload.lastName, emailChanged ? user.email : email, phone, payload.preferredLanguage, expected],
          )
          const row = emailChanged
            ? yield* (yield* Db).transaction(Effect.tap(update, (saved) => (saved === undefined ? Effect.void : requestEmailChange(saved, email))))
            : yield* update
          // No row: the profile moved on since the edit was made; the caller decides, nothing is overwritten.
          if (row === undefined) return yield* Effect.fail(new Refused({ code: ResponseCode.changedElsewhere }))
          return yield* userInfoOf(row)
        }),
      )
      .handle('uploadProfileImage', ({ payload }) =>
        Effect.gen(function* () {
          const caller = yield* CurrentCaller
          const files = yield* FileStore
          const db = yield* Db
          const type = sniffImageType(payload)
          const issues = checkProfileImage('image', { size: payload.byteLength, type: type ?? 'application/octet-stream' })
          if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues: issues }))
          // The slow work (decoding, encoding, writing the file) comes before the first statement, so
          // under an Idempotency-Key no transaction is open while it runs (server/http/idempotency.ts).
          const reencoded = yield* Effect.promise(() => reencodeProfileImage(payload, type!))
          if (reencoded === null)
            return yield* Effect.fail(new InvalidInput({ issues: checkProfileImage('image', { size: payload.byteLength, type: 'application/octet-stream' }) }))
          const key = `profile/${caller.userId}-${randomBytes(12).toString('hex')}.${reencoded.type === 'image/png' ? 'png' : 'jpg'}`
          yield* Effect.promise(() => files.put(key, reencoded.bytes))
          const discard = (stored: string, what: string) => () =>
            void files.delete(stored).catch((error: unknown) => console.error(`deleting ${what} failed:`, String(error)))
          db.afterRollback(discard(key, 'an unused profile image'))
          // The row is read locked, then changed, in one statement: the image it held just before
          // (also when two uploads race) is the one to delete, once the change is committed.
          const row = yield* updateOwnRow(
            `UPDATE users SET image = $2, version = users.version + 1
               FROM (SELECT id, image FROM users WHERE id = $1 AND school_id = $school FOR UPDATE) AS previous
               WHERE users.id = previous.id AND users.school_id = $school RETURNING users.*, previous.image AS previous_image`,
            [`/files/${key}`],
          )
          // Gone meanwhile: the account was deleted (a deleted account reads as signed out).
          if (row === undefined) {
            // In a transaction the failure rolls it back, which deletes the file (afterRollback).
            if (!db.inTransaction) discard(key, 'an unused profile image')()
            return yield* Effect.fail(new Unauthorized())
          }
          const previous = (row as UserRow & { previous_image: string | null }).previous_image
          if (previous?.startsWith('/files/') === true && previous !== `/files/${key}`)
            db.afterCommit(discard(previous.slice('/files/'.length), 'the previous profile image'))
          return yield* userInfoOf(row)
        }),
      ),
  ),
)
