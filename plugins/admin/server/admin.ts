import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../contracts/api.ts'
import { auditPage, type AuditDetail, type AuditEntry, type AuditKind } from '../../../contracts/audit.ts'
import type { OutboxMessage } from '../../../contracts/entities.ts'
import { ok } from '../../../contracts/envelope.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import { autoLoginDefaults } from '../../../contracts/settings.ts'
import { createLinkToken } from '../../../server/auth/link-tokens.ts'
import { isUserId, type UserRow } from '../../../server/auth/users.ts'
import { Refused } from '../../../contracts/failures.ts'
import { Audit } from '../../../server/services/audit.ts'
import { Config } from '../../../server/services/config.ts'
import { onDb } from '../../../server/services/db.ts'
import { inSchool } from '../../../server/services/tenancy.ts'

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

interface AuditRow {
  id: number
  occurred_at: Date
  kind: AuditKind
  actor_id: string | null
  subject_id: string | null
  address: string | null
  detail: AuditDetail
}

const isoOrNull = (at: Date | null) => (at === null ? null : new Date(at).toISOString())

/** The filters an admin read with, as the detail of her own entry of reading (unset ones left out). */
const withoutUnset = (detail: Record<string, string | undefined>): AuditDetail =>
  Object.fromEntries(Object.entries(detail).filter(([, value]) => value !== undefined)) as AuditDetail

export const AdminHandlers = HttpApiBuilder.group(FaslApi, 'admin', (handlers) =>
  Effect.succeed(
    handlers
      .handle('outbox', ({ query }) =>
        Effect.gen(function* () {
          const rows = yield* inSchool<OutboxRow>(
            'SELECT * FROM outbox WHERE school_id = $school AND ($1::text IS NULL OR lower(recipient) = lower($1)) ORDER BY id DESC LIMIT 200',
            [query.recipient ?? null],
          )
          // The outbox holds reset links: who read it, and for whom, is on record.
          yield* (yield* Audit).byCaller({ kind: 'outbox-read', subjectId: null, detail: withoutUnset({ recipient: query.recipient }) })
          return ok(
            rows.map((row): OutboxMessage => ({
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
            })),
          )
        }),
      )
      .handle('auditLog', ({ query }) =>
        Effect.gen(function* () {
          // Newest first; `before` is an entry id, so a page starts right after the previous page's last entry
          // (an id of another school's entry matches nothing).
          const rows = yield* inSchool<AuditRow>(
            `SELECT a.* FROM audit_log a
              WHERE a.school_id = $school
                AND ($1::text IS NULL OR a.kind = $1)
                AND ($2::uuid IS NULL OR a.actor_id = $2 OR a.subject_id = $2)
                AND ($3::integer IS NULL OR (a.occurred_at, a.id) < (SELECT c.occurred_at, c.id FROM audit_log c WHERE c.id = $3 AND c.school_id = $school))
              ORDER BY a.occurred_at DESC, a.id DESC LIMIT $4`,
            [query.kind ?? null, query.userId ?? null, query.before ?? null, query.limit ?? auditPage.default],
          )
          yield* (yield* Audit).byCaller({ kind: 'audit-log-read', subjectId: null, detail: withoutUnset({ kind: query.kind, userId: query.userId }) })
          return ok(
            rows.map((row): AuditEntry => ({
              id: Number(row.id),
              occurredAt: new Date(row.occurred_at).toISOString(),
              kind: row.kind,
              actorId: row.actor_id,
              subjectId: row.subject_id,
              address: row.address,
              detail: row.detail,
            })),
          )
        }),
      )
      .handle('mailRetention', () =>
        Effect.map(inSchool<{ days: number }>('SELECT sent_mail_retention_days AS days FROM schools WHERE id = $school'), ([row]) =>
          ok({ sentMailRetentionDays: Number(row?.days ?? 0) }),
        ),
      )
      .handle('setMailRetention', ({ payload }) =>
        Effect.gen(function* () {
          const [before] = yield* inSchool<{ days: number }>('SELECT sent_mail_retention_days AS days FROM schools WHERE id = $school')
          yield* inSchool('UPDATE schools SET sent_mail_retention_days = $1 WHERE id = $school', [payload.sentMailRetentionDays])
          yield* (yield* Audit).byCaller({
            kind: 'mail-retention-changed',
            subjectId: null,
            detail: { retentionDaysFrom: Number(before?.days ?? 0), retentionDaysTo: payload.sentMailRetentionDays },
          })
          return ok(payload)
        }),
      ),
  ),
)

export const AutoLoginLinkHandlers = HttpApiBuilder.group(FaslApi, 'autoLoginLink', (handlers) =>
  Effect.succeed(
    handlers.handle('createAutoLoginLink', ({ payload }) =>
      Effect.gen(function* () {
        const config = yield* Config
        // An account of another school is as unknown as one that does not exist.
        const [user] = isUserId(payload.userId) ? yield* inSchool<UserRow>('SELECT * FROM users WHERE id = $1 AND school_id = $school', [payload.userId]) : []
        if (user === undefined) return yield* Effect.fail(new Refused({ code: ResponseCode.userNotFound }))
        const { token, expiresAt } = yield* onDb((on) => createLinkToken(on, user, 'autologin', autoLoginDefaults.linkTtlMinutes))
        // Who was given a way into whose account; never the link itself.
        yield* (yield* Audit).byCaller({ kind: 'sign-in-link-created', subjectId: user.id })
        const link = `${config.linkBase}/Signin?id=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`
        return ok({ link, expiresAt: expiresAt.toISOString() })
      }),
    ),
  ),
)
