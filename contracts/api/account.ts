import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { LocaleCode, OutboxMessage, UserInfo } from '../entities.ts'
import { ApiFailure, ApiForbidden, ApiTooManyRequests, ApiUnauthorized, Envelope } from '../envelope.ts'
import { profileImageRules } from '../settings.ts'
import { Authentication } from './authentication.ts'

export const ProfileUpdate = Schema.Struct({
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  preferredLanguage: LocaleCode,
})
export type ProfileUpdate = typeof ProfileUpdate.Type

/** The signed-in user's own account (account service). */
export class AccountGroup extends HttpApiGroup.make('account')
  .add(
    HttpApiEndpoint.get('getUserInfo', '/GetUserInfo', { success: Envelope(UserInfo), error: [ApiUnauthorized] }),
    HttpApiEndpoint.post('changePassword', '/ChangePassword', {
      payload: Schema.Struct({ oldPassword: Schema.String, newPassword: Schema.String, confirmPassword: Schema.String }),
      success: Envelope(Schema.Null),
      error: [ApiFailure, ApiUnauthorized, ApiTooManyRequests],
    }),
    HttpApiEndpoint.post('updateProfile', '/UpdateProfile', {
      payload: ProfileUpdate,
      success: Envelope(UserInfo),
      error: [ApiFailure, ApiUnauthorized],
    }),
    HttpApiEndpoint.post('uploadProfileImage', '/UploadProfileImage', {
      payload: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array()),
      success: Envelope(UserInfo),
      error: [ApiFailure, ApiUnauthorized],
    }),
  )
  .middleware(Authentication)
  .prefix('/api/Account')
  .annotateMerge(OpenApi.annotations({ title: 'Account', description: `Profile (image under ${profileImageRules.maxBytes / 1024 / 1024} MB, JPG or PNG) and password` })) {}

/** What a school admin reads: the mail/SMS outbox (the app's own delivery log). */
export class AdminGroup extends HttpApiGroup.make('admin')
  .add(
    HttpApiEndpoint.get('outbox', '/Outbox', {
      query: { recipient: Schema.optional(Schema.String) },
      success: Envelope(Schema.Array(OutboxMessage)),
      error: [ApiUnauthorized, ApiForbidden],
    }),
  )
  .middleware(Authentication)
  .prefix('/api/Admin') {}
