import { Schema } from 'effect'
import { Id } from './fields.ts'

/** Shapes that cross the wire, per the teacher-side spec section 3 (field names as the spec gives them). */
export const LocaleCode = Schema.Literals(['en', 'ar'])
export type LocaleCode = typeof LocaleCode.Type

/** 'Student': a student's own account, linked to one row of `students` (students.user_id). */
export const UserType = Schema.Literals(['Teacher', 'Admin', 'SuperAdmin', 'Student'])
export type UserType = typeof UserType.Type

/** Login response data: accessToken, refreshToken, tokenExpiration, roles, name, image, userType. */
export const LoginData = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  /** ISO-8601 instant at which the access token stops being accepted. */
  tokenExpiration: Schema.String,
  roles: Schema.Array(Schema.String),
  name: Schema.String,
  image: Schema.NullOr(Schema.String),
  userType: UserType,
  /** Signed in with a one-time password: only the password change is open until it is replaced (absent = false). */
  mustChangePassword: Schema.optionalKey(Schema.Boolean),
  /**
   * Fasl's own, on a sign-in by password: the device token (OWASP's device cookie) the client keeps
   * per account and sends back as `deviceToken` on its next sign-in, so this device keeps its own
   * allowance of wrong passwords when the account is locked for unknown devices.
   */
  deviceToken: Schema.optionalKey(Schema.String),
})
export type LoginData = typeof LoginData.Type

export const Subject = Schema.Struct({
  id: Id,
  name: Schema.String,
})
export type Subject = typeof Subject.Type

export const UserInfo = Schema.Struct({
  id: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  preferredLanguage: LocaleCode,
  roles: Schema.Array(Schema.String),
  userType: UserType,
  /** Bumped on every profile change; lets an offline edit detect that the server moved on. */
  version: Schema.Number,
  /** Signed in with a one-time password that must be replaced before anything else (absent = false). */
  mustChangePassword: Schema.optionalKey(Schema.Boolean),
  /** Fasl's own: the address of an asked-for email change, waiting for its link to be followed there (absent = none). */
  pendingEmail: Schema.optionalKey(Schema.String),
})
export type UserInfo = typeof UserInfo.Type

export const Meta = Schema.Struct({ version: Schema.String })
export type Meta = typeof Meta.Type

export const Health = Schema.Struct({ status: Schema.Literal('ok'), database: Schema.String, version: Schema.String })

export const OutboxMessage = Schema.Struct({
  id: Schema.Number,
  channel: Schema.Literals(['email', 'sms']),
  recipient: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  link: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  sentAt: Schema.NullOr(Schema.String),
  /** Why the mail server refused it, when it did; the message stays here to be read. */
  error: Schema.NullOr(Schema.String),
  /** How many times it was handed to the mail server. */
  attempts: Schema.Number,
  /** When it is tried (again); null once sent, refused for good, expired, or without SMTP. */
  nextAttemptAt: Schema.NullOr(Schema.String),
})
export type OutboxMessage = typeof OutboxMessage.Type
