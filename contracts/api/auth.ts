import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { LoginData } from '../entities.ts'
import { ApiFailure, ApiForbidden, ApiTooManyRequests, ApiUnauthorized, Envelope } from '../envelope.ts'
import { Authentication } from './authentication.ts'

const clientFields = { clientId: Schema.String, clientSecret: Schema.String }
const failures = [ApiFailure, ApiTooManyRequests]

/** Sign-in, refresh, auto-login link, sign-out and password recovery (account service). */
export class AuthGroup extends HttpApiGroup.make('auth')
  .add(
    HttpApiEndpoint.post('login', '/Login', {
      payload: Schema.Struct({ email: Schema.String, password: Schema.String, ...clientFields }),
      success: Envelope(LoginData),
      error: failures,
    }),
    HttpApiEndpoint.post('refresh', '/Refresh', {
      payload: Schema.Struct({ token: Schema.NullOr(Schema.String), refreshToken: Schema.String, ...clientFields }),
      success: Envelope(LoginData),
      error: failures,
    }),
    HttpApiEndpoint.post('autoLogin', '/AutoLogin', {
      payload: Schema.Struct({
        username: Schema.String,
        password: Schema.Null,
        /** The single-use token carried by the link next to the id. */
        token: Schema.String,
        ...clientFields,
      }),
      success: Envelope(LoginData),
      error: failures,
    }),
    HttpApiEndpoint.post('logout', '/Logout', {
      payload: Schema.Struct({ refreshToken: Schema.String, ...clientFields }),
      success: Envelope(Schema.Null),
      error: failures,
    }),
    HttpApiEndpoint.post('forgetPassword', '/ForgetPassword', {
      payload: Schema.Struct({ email: Schema.String, ...clientFields }),
      success: Envelope(Schema.Null),
      error: failures,
    }),
    HttpApiEndpoint.post('resetPassword', '/ResetPassword', {
      payload: Schema.Struct({ token: Schema.String, newPassword: Schema.String, confirmPassword: Schema.String, ...clientFields }),
      success: Envelope(Schema.Null),
      error: failures,
    }),
    HttpApiEndpoint.post('checkResetToken', '/CheckResetToken', {
      payload: Schema.Struct({ token: Schema.String }),
      success: Envelope(Schema.Struct({ valid: Schema.Boolean })),
      error: failures,
    }),
  )
  .prefix('/api/Auth')
  .annotateMerge(OpenApi.annotations({ title: 'Auth', description: 'Sign-in, tokens and password recovery' })) {}

/** Issuing an auto-login link is an admin's act; the link itself is single-use and expires. */
export class AutoLoginLinkGroup extends HttpApiGroup.make('autoLoginLink')
  .add(
    HttpApiEndpoint.post('createAutoLoginLink', '/CreateAutoLoginLink', {
      payload: Schema.Struct({ userId: Schema.String }),
      success: Envelope(Schema.Struct({ link: Schema.String, expiresAt: Schema.String })),
      error: [ApiFailure, ApiUnauthorized, ApiForbidden],
    }),
  )
  .middleware(Authentication)
  .prefix('/api/Auth') {}
