import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import type { OutboxMessage } from '../../contracts/entities.ts'
import { ok } from '../../contracts/envelope.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import { autoLoginDefaults } from '../../contracts/settings.ts'
import { createLinkToken } from '../auth/link-tokens.ts'
import { isUserId, type UserRow } from '../auth/users.ts'
import { catalogueFailure } from '../http/failures.ts'
import { requestLocale } from '../http/request.ts'
import { Config } from '../services/config.ts'
import { onDb } from '../services/db.ts'
import { inSchool } from '../services/tenancy.ts'

// Only admins reach these (declared with allow(...) in contracts/), and only their own school's rows.

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
  Effect.succeed(
    handlers.handle('outbox', ({ query }) =>
      Effect.gen(function* () {
        const rows = yield* inSchool<OutboxRow>(
          'SELECT * FROM outbox WHERE school_id = $school AND ($1::text IS NULL OR lower(recipient) = lower($1)) ORDER BY id DESC LIMIT 200',
          [query.recipient ?? null],
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
    ),
  ),
)

export const AutoLoginLinkHandlers = HttpApiBuilder.group(FaslApi, 'autoLoginLink', (handlers) =>
  Effect.succeed(
    handlers.handle('createAutoLoginLink', ({ payload }) =>
      Effect.gen(function* () {
        const locale = yield* requestLocale
        const config = yield* Config
        // An account of another school is as unknown as one that does not exist.
        const [user] = isUserId(payload.userId) ? yield* inSchool<UserRow>('SELECT * FROM users WHERE id = $1 AND school_id = $school', [payload.userId]) : []
        if (user === undefined) return yield* Effect.fail(catalogueFailure(ResponseCode.userNotFound, locale))
        const { token, expiresAt } = yield* onDb((on) => createLinkToken(on, user, 'autologin', autoLoginDefaults.linkTtlMinutes))
        const link = `${config.linkBase}/Signin?id=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`
        return ok({ link, expiresAt: expiresAt.toISOString() })
      }),
    ),
  ),
)
