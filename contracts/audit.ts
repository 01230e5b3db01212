import { Schema } from 'effect'

/**
 * What the audit log records (server/services/audit.ts), a closed set kept in step with the
 * table's CHECK (server/migrations/0001_baseline.sql, audit_log):
 * - security events of an account: a wrong password at sign-in, the sign-in allowance used up, a
 *   wrong current password on the password or email change, a rotated refresh token used again;
 * - changes of its credentials: password changed (signed in) or reset (by an emailed link), email changed;
 * - an admin's acts: issuing a sign-in link, reading the outbox (it holds reset links), reading this
 *   log, changing how long sent mail is kept (a new kind: a new core migration replacing that CHECK).
 */
export const auditKinds = [
  'sign-in-failed',
  'account-locked',
  'reauthentication-failed',
  'refresh-token-reused',
  'password-changed',
  'password-reset',
  'email-changed',
  'sign-in-link-created',
  'outbox-read',
  'audit-log-read',
  'mail-retention-changed',
] as const

export const AuditKind = Schema.Literals(auditKinds)
export type AuditKind = typeof AuditKind.Type

/**
 * The few facts an entry adds, never a secret: no password (typed or stored), token, link or hash
 * has a field here, so none can be written.
 */
export const AuditDetail = Schema.Struct({
  /** account-locked: whose allowance ran out, the account's for unknown devices or one known device's. */
  allowance: Schema.optionalKey(Schema.Literals(['unknown-devices', 'device'])),
  /** sign-in-failed: the sign-in came from a device this account signed in from before. */
  knownDevice: Schema.optionalKey(Schema.Boolean),
  /** reauthentication-failed: the change the current password was asked for. */
  during: Schema.optionalKey(Schema.Literals(['password-change', 'email-change'])),
  /** refresh-token-reused: the sign-in (session) that was ended because of it. */
  sessionId: Schema.optionalKey(Schema.String),
  /** email-changed: the addresses before and after. */
  from: Schema.optionalKey(Schema.String),
  to: Schema.optionalKey(Schema.String),
  /** outbox-read, audit-log-read: the filters the admin asked with. */
  recipient: Schema.optionalKey(Schema.String),
  kind: Schema.optionalKey(Schema.String),
  userId: Schema.optionalKey(Schema.String),
  /** mail-retention-changed: the number of days before and after. */
  retentionDaysFrom: Schema.optionalKey(Schema.Number),
  retentionDaysTo: Schema.optionalKey(Schema.Number),
})
export type AuditDetail = typeof AuditDetail.Type

export const AuditEntry = Schema.Struct({
  id: Schema.Number,
  occurredAt: Schema.String,
  kind: AuditKind,
  /** The signed-in account that acted; null when the act was signed out (a sign-in, a reset link). */
  actorId: Schema.NullOr(Schema.String),
  /** The account the entry is about. */
  subjectId: Schema.NullOr(Schema.String),
  /** The address the request came from. */
  address: Schema.NullOr(Schema.String),
  detail: AuditDetail,
})
export type AuditEntry = typeof AuditEntry.Type

/** How long a school keeps its sent mail, in days, before it is deleted. */
export const mailRetentionDays = { min: 1, max: 3650 } as const

/** How many entries one call answers at most, and when the caller names no limit. */
export const auditPage = { max: 200, default: 50 } as const
