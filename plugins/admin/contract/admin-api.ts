import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup } from 'effect/http-api'
import { AuditEntry, AuditKind, auditPage, mailRetentionDays } from '../../../contracts/audit.ts'
import { OutboxMessage } from '../../../contracts/entities.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString, IntegerFromString, IntegerInRange, Text, UserId } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

/** Days a school keeps its sent mail, 1 to 3650. */
export const MailRetention = Schema.Struct({ sentMailRetentionDays: IntegerInRange(mailRetentionDays) })

/** What a school admin reads: the mail/SMS outbox (the app's own delivery log), the audit log, and how long sent mail is kept. */
export class AdminGroup extends HttpApiGroup.make('admin')
  .add(
    HttpApiEndpoint.get('outbox', '/Outbox', {
      query: { recipient: Schema.optional(Text) },
      success: Envelope(Schema.Array(OutboxMessage)),
      error: failures(Unauthorized, Forbidden),
    }).annotateMerge(allow('Admin', 'SuperAdmin')),
    /**
     * The school's audit log, newest first. `kind`: only entries of this kind; `userId`: only those
     * this account did or that are about it; `before`: the id of the last entry of the previous page;
     * `limit`: at most this many (default 50, at most 200).
     */
    HttpApiEndpoint.get('auditLog', '/AuditLog', {
      query: {
        kind: Schema.optional(AuditKind),
        userId: Schema.optional(UserId),
        before: Schema.optional(IdFromString),
        limit: Schema.optional(IntegerFromString({ min: 1, max: auditPage.max })),
      },
      success: Envelope(Schema.Array(AuditEntry)),
      error: failures(Unauthorized, Forbidden),
    }).annotateMerge(allow('Admin', 'SuperAdmin')),
    /** How many days the school keeps sent mail in its outbox before deleting it (a reset link is blanked once sent, whatever this says). */
    HttpApiEndpoint.get('mailRetention', '/MailRetention', {
      success: Envelope(MailRetention),
      error: failures(Unauthorized, Forbidden),
    }).annotateMerge(allow('Admin', 'SuperAdmin')),
    HttpApiEndpoint.post('setMailRetention', '/SetMailRetention', {
      payload: MailRetention,
      success: Envelope(MailRetention),
      error: failures(Refused, InvalidInput, Unauthorized, Forbidden),
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(allow('Admin', 'SuperAdmin')),
  )
  .middleware(Authentication)
  .prefix('/api/Admin') {}

/** Issuing an auto-login link is an admin's act; the link itself is single-use and expires. */
export class AutoLoginLinkGroup extends HttpApiGroup.make('autoLoginLink')
  .add(
    HttpApiEndpoint.post('createAutoLoginLink', '/CreateAutoLoginLink', {
      payload: Schema.Struct({ userId: UserId }),
      success: Envelope(Schema.Struct({ link: Schema.String, expiresAt: Schema.String })),
      error: failures(Refused, InvalidInput, Unauthorized, Forbidden),
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(allow('Admin', 'SuperAdmin')),
  )
  .middleware(Authentication)
  .prefix('/api/Auth') {}
