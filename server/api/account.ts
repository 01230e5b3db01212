import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../contracts/api.ts'
import { ok } from '../../contracts/envelope.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import { checkPasswordChange, checkProfile, checkProfileImage, sniffImageType } from '../../contracts/validation.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { revokeOtherFamilies } from '../auth/sessions.ts'
import { findUserById, toUserInfo, type UserRow } from '../auth/users.ts'
import { catalogueFailure, unauthorized, validationFailure } from '../http/failures.ts'
import { requestLocale, ServerRuntime } from '../services.ts'

export const AccountHandlers = HttpApiBuilder.group(FaslApi, 'account', (handlers) =>
  Effect.gen(function* () {
    const runtime = yield* ServerRuntime
    const { db } = runtime

    /** The caller's own row; a deleted account reads as signed out. */
    const currentUser = Effect.gen(function* () {
      const caller = yield* CurrentCaller
      const user = yield* Effect.promise(() => findUserById(db, caller.userId))
      if (user === null) return yield* Effect.fail(unauthorized(yield* requestLocale))
      return user
    })

    return handlers
      .handle('getUserInfo', () => Effect.map(currentUser, (user) => ok(toUserInfo(user))))
      .handle('changePassword', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          const user = yield* currentUser
          const issues = checkPasswordChange(payload)
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          if (!(yield* Effect.promise(() => verifyPassword(user.password_hash, payload.oldPassword))))
            return yield* Effect.fail(catalogueFailure(ResponseCode.oldPasswordIncorrect, locale))
          const passwordHash = yield* Effect.promise(() => hashPassword(payload.newPassword))
          const { sessionId } = yield* CurrentCaller
          // Whoever knew the old password may hold a session elsewhere: only this one stays open.
          yield* Effect.promise(() =>
            db.transaction(async (tx) => {
              await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [user.id, passwordHash])
              await revokeOtherFamilies(tx, user.id, sessionId, 'password changed')
            }),
          )
          return ok(null)
        }),
      )
      .handle('updateProfile', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          const user = yield* currentUser
          const issues = checkProfile(payload)
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          const email = payload.email.trim()
          const taken = yield* Effect.promise(() => db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, user.id]))
          if (taken.length > 0) return yield* Effect.fail(catalogueFailure(ResponseCode.emailAlreadyExists, locale))
          const phone = payload.phone === null || payload.phone.trim() === '' ? null : payload.phone.trim()
          const [row] = yield* Effect.promise(() =>
            db.query<UserRow>(
              `UPDATE users SET first_name = $2, last_name = $3, email = $4, phone = $5, preferred_language = $6, version = version + 1
                 WHERE id = $1 RETURNING *`,
              [user.id, payload.firstName, payload.lastName, email, phone, payload.preferredLanguage],
            ),
          )
          return ok(toUserInfo(row!))
        }),
      )
      .handle('uploadProfileImage', ({ payload }) =>
        Effect.gen(function* () {
          const locale = yield* requestLocale
          const user = yield* currentUser
          const type = sniffImageType(payload)
          const issues = checkProfileImage('image', { size: payload.byteLength, type: type ?? 'application/octet-stream' })
          if (issues.length > 0) return yield* Effect.fail(validationFailure(issues, locale))
          const name = `${user.id}-${randomBytes(6).toString('hex')}.${type === 'image/png' ? 'png' : 'jpg'}`
          const folder = join(runtime.config.filesDir, 'profile')
          yield* Effect.promise(async () => {
            await mkdir(folder, { recursive: true })
            await writeFile(join(folder, name), payload)
          })
          const [row] = yield* Effect.promise(() =>
            db.query<UserRow>('UPDATE users SET image = $2, version = version + 1 WHERE id = $1 RETURNING *', [user.id, `/files/profile/${name}`]),
          )
          return ok(toUserInfo(row!))
        }),
      )
  }),
)
