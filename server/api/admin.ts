import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../contracts/api.ts'
import type { OutboxMessage } from '../../contracts/entities.ts'
import { ok } from '../../contracts/envelope.ts'
import { autoLoginDefaults } from '../../contracts/settings.ts'
import { createLinkToken } from '../auth/link-tokens.ts'
import { findUserById } from '../auth/users.ts'
import { catalogueFailure, forbidden } from '../http/failures.ts'
import { requestLocale, ServerRuntime } from '../services.ts'

const requireAdmin = Effect.gen(function* () {
  const caller = yield* CurrentCaller
  if (caller.userType !== 'Admin' && caller.userType !== 'SuperAdmin') return yield* Effect.fail(forbidden(yield* requestLocale))
  return caller
})

interface OutboxRow {
  id: string
  channel: 'email' | 'sms'
  recipient: string
  subject: string
  body: string
  link: string | null
  created_at: Date
  sent_at: Date | null
  error: string | null
  attempts: number
  next_attempt_at: Date | null
}

const isoOrNull = (at: Date | null) => (at === null ? null : new Date(at).toISOString())

export const AdminHandlers = HttpApiBuilder.group(FaslApi, 'admin', (handlers) =>
  Effect.gen(function* () {
    const { db } = yield* ServerRuntime
    return handlers.handle('outbox', ({ query }) =>
      Effect.gen(function* () {
        yield* requireAdmin
        const rows = yield* Effect.promise(() =>
          db.query<OutboxRow>(
            'SELECT * FROM outbox WHERE ($1::text IS NULL OR lower(recipient) = lower($1)) ORDER BY id DESC LIMIT 200',
            [query.recipient ?? null],
          ),
        )
        return ok(
          rows.map(
            (row): OutboxMessage => ({
              id: Number(row.id),
              channel: row.channel,
              recipient: row.recipient,
              subject: row.subject,
              body: row.body,
              link: row.link,
              createdAt: new Date(row.created_at).toISOString(),
              sentAt: isoOrNull(row.sent_at),
              error: row.error,
              attempts: row.attempts,
              nextAttemptAt: isoOrNull(row.next_attempt_at),
            }),
          ),
        )
      }),
    )
  }),
)

export const AutoLoginLinkHandlers = HttpApiBuilder.group(FaslApi, 'autoLoginLink', (handlers) =>
  Effect.gen(function* () {
    const runtime = yield* ServerRuntime
    return handlers.handle('createAutoLoginLink', ({ payload }) =>
      Effect.gen(function* () {
        const locale = yield* requestLocale
        const admin = yield* requireAdmin
        const user = yield* Effect.promise(() => findUserById(runtime.db, payload.userId))
        if (user === null || user.school_id !== admin.schoolId) return yield* Effect.fail(catalogueFailure(104, locale))
        const { token, expiresAt } = yield* Effect.promise(() => createLinkToken(runtime.db, user.id, 'autologin', autoLoginDefaults.linkTtlMinutes))
        const link = `${runtime.publicUrl}/Signin?id=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`
        return ok({ link, expiresAt: expiresAt.toISOString() })
      }),
    )
  }),
)
