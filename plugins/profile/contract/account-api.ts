import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { BodyLimit } from '../../../contracts/body-limit.ts'
import { LocaleCode, UserInfo } from '../../../contracts/entities.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, InvalidInput, Refused, TooManyRequests, Unauthorized } from '../../../contracts/failures.ts'
import { Id, Text } from '../../../contracts/fields.ts'
import { profileImageRules } from '../../../contracts/settings.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

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
    HttpApiEndpoint.get('getUserInfo', '/GetUserInfo', { success: Envelope(UserInfo), error: failures(Unauthorized) }),
    HttpApiEndpoint.post('changePassword', '/ChangePassword', {
      payload: Schema.Struct({ oldPassword: Text, newPassword: Text, confirmPassword: Text }),
      success: Envelope(Schema.Null),
      error: failures(Refused, InvalidInput, Unauthorized, TooManyRequests),
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('updateProfile', '/UpdateProfile', {
      payload: ProfileUpdate,
      success: Envelope(UserInfo),
      error: failures(Refused, InvalidInput, Unauthorized, TooManyRequests),
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('uploadProfileImage', '/UploadProfileImage', {
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array()),
      success: Envelope(UserInfo),
      error: failures(Refused, InvalidInput, Unauthorized),
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
