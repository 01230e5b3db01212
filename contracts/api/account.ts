import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { AuditEntry, AuditKind, auditPage, mailRetentionDays } from '../audit.ts'
import { BodyLimit } from '../body-limit.ts'
import { LocaleCode, OutboxMessage, UserInfo } from '../entities.ts'
import { ApiFailure, ApiForbidden, ApiTooManyRequests, ApiUnauthorized, Envelope } from '../envelope.ts'
import { Id, IdFromString, IntegerFromString, IntegerInRange, Text, UserId } from '../fields.ts'
import { profileImageRules } from '../settings.ts'
import { Authentication } from './authentication.ts'
import { allow } from './authorization.ts'
import { Idempotency, idempotencyHeader } from './idempotency.ts'

/** The profile's editable fields. */
export const ProfileFields = Schema.Struct({
  firstName: Text,
  lastName: Text,
  email: Text,
  phone: Schema.NullOr(Text),
  preferredLanguage: LocaleCode,
})
export type ProfileFields = typeof ProfileFields.Type

/**
 * `expectedVersion`: the `UserInfo.version` the edit was made against. When present and the
 * profile has moved on since (an edit on another device), the server refuses with code 139
 * (HTTP 400, like every catalogue code) instead of overwriting; absent or null = no check (the
 * specification's clients do not send it).
 */
export const ProfileUpdate = Schema.Struct({
  ...ProfileFields.fields,
  expectedVersion: Schema.optionalKey(Schema.NullOr(Id)),
  /**
   * Fasl's own: required when `email` differs from the account's (a stolen access token must not
   * move the account to another address); counted with the sign-in failures. Never kept on the device.
   * A new email is not saved at once: the answer carries it as `pendingEmail`, the same whether or
   * not another account has it, and a link mailed there makes it the account's (Auth/ConfirmEmail).
   */
  currentPassword: Schema.optionalKey(Text),
})
export type ProfileUpdate = typeof ProfileUpdate.Type

/** The signed-in user's own account (account service). */
export class AccountGroup extends HttpApiGroup.make('account')
  .add(
    HttpApiEndpoint.get('getUserInfo', '/GetUserInfo', { success: Envelope(UserInfo), error: [ApiUnauthorized] }),
    HttpApiEndpoint.post('changePassword', '/ChangePassword', {
      payload: Schema.Struct({ oldPassword: Text, newPassword: Text, confirmPassword: Text }),
      success: Envelope(Schema.Null),
      error: [ApiFailure, ApiUnauthorized, ApiTooManyRequests],
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('updateProfile', '/UpdateProfile', {
      payload: ProfileUpdate,
      success: Envelope(UserInfo),
      error: [ApiFailure, ApiUnauthorized, ApiTooManyRequests],
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('uploadProfileImage', '/UploadProfileImage', {
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array()),
      success: Envelope(UserInfo),
      error: [ApiFailure, ApiUnauthorized],
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      // "Under 5 MB": the 5 MB-th byte is the first one over.
      .annotate(BodyLimit, { maxBytes: profileImageRules.maxBytes - 1, field: 'image', key: 'imageSize' }),
  )
  .middleware(Authentication)
  .prefix('/api/Account')
  .annotateMerge(
    OpenApi.annotations({ title: 'Account', description: `Profile (image under ${profileImageRules.maxBytes / 1024 / 1024} MB, JPG or PNG) and password` }),
  ) {}

/** Days a school keeps its sent mail, 1 to 3650. */
export const MailRetention = Schema.Struct({ sentMailRetentionDays: IntegerInRange(mailRetentionDays) })

/** What a school admin reads: the mail/SMS outbox (the app's own delivery log), the audit log, and how long sent mail is kept. */
export class AdminGroup extends HttpApiGroup.make('admin')
  .add(
    HttpApiEndpoint.get('outbox', '/Outbox', {
      query: { recipient: Schema.optional(Text) },
      success: Envelope(Schema.Array(OutboxMessage)),
      error: [ApiUnauthorized, ApiForbidden],
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
      error: [ApiUnauthorized, ApiForbidden],
    }).annotateMerge(allow('Admin', 'SuperAdmin')),
    /** How many days the school keeps sent mail in its outbox before deleting it (a reset link is blanked once sent, whatever this says). */
    HttpApiEndpoint.get('mailRetention', '/MailRetention', {
      success: Envelope(MailRetention),
      error: [ApiUnauthorized, ApiForbidden],
    }).annotateMerge(allow('Admin', 'SuperAdmin')),
    HttpApiEndpoint.post('setMailRetention', '/SetMailRetention', {
      payload: MailRetention,
      success: Envelope(MailRetention),
      error: [ApiFailure, ApiUnauthorized, ApiForbidden],
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(allow('Admin', 'SuperAdmin')),
  )
  .middleware(Authentication)
  .prefix('/api/Admin') {}
