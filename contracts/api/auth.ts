import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { LoginData } from '../entities.ts'
import { Text } from '../fields.ts'
import { Envelope } from '../envelope.ts'
import { failures, InvalidInput, Refused, ServerMessageRefusal, TooManyRequests } from '../failures.ts'
import { Idempotency, idempotencyHeader } from './idempotency.ts'

const clientFields = { clientId: Text, clientSecret: Text }
const refusals = failures(Refused, InvalidInput, ServerMessageRefusal, TooManyRequests)

/**
 * Sign-in, refresh, auto-login link, sign-out and password recovery (account service). Only
 * sign-out carries `Idempotency`: the other answers hold tokens and are never stored or replayed.
 */
export class AuthGroup extends HttpApiGroup.make('auth')
  .add(
    HttpApiEndpoint.post('login', '/Login', {
      /** `deviceToken`: Fasl's own, the one a previous sign-in of this account on this device answered (see LoginData). */
      payload: Schema.Struct({ email: Text, password: Text, deviceToken: Schema.optionalKey(Text), ...clientFields }),
      success: Envelope(LoginData),
      error: refusals,
    }),
    HttpApiEndpoint.post('refresh', '/Refresh', {
      payload: Schema.Struct({ token: Schema.NullOr(Text), refreshToken: Text, ...clientFields }),
      success: Envelope(LoginData),
      error: refusals,
    }),
    HttpApiEndpoint.post('autoLogin', '/AutoLogin', {
      payload: Schema.Struct({
        username: Text,
        password: Schema.Null,
        /** The single-use token carried by the link next to the id. */
        token: Text,
        ...clientFields,
      }),
      success: Envelope(LoginData),
      error: refusals,
    }),
    HttpApiEndpoint.post('logout', '/Logout', {
      payload: Schema.Struct({ refreshToken: Text, ...clientFields }),
      success: Envelope(Schema.Null),
      error: refusals,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('forgetPassword', '/ForgetPassword', {
      payload: Schema.Struct({ email: Text, ...clientFields }),
      success: Envelope(Schema.Null),
      error: refusals,
    }),
    HttpApiEndpoint.post('resetPassword', '/ResetPassword', {
      payload: Schema.Struct({ token: Text, newPassword: Text, confirmPassword: Text, ...clientFields }),
      success: Envelope(Schema.Null),
      error: refusals,
    }),
    HttpApiEndpoint.post('checkResetToken', '/CheckResetToken', {
      payload: Schema.Struct({ token: Text }),
      success: Envelope(Schema.Struct({ valid: Schema.Boolean })),
      error: refusals,
    }),
    /**
     * Fasl's own: follows the link mailed to a new address (UpdateProfile): the account's email
     * becomes it. 160 when the link is unknown, used or expired; 161 when another account has the
     * address by now. Single-use either way.
     */
    HttpApiEndpoint.post('confirmEmail', '/ConfirmEmail', {
      payload: Schema.Struct({ token: Text, ...clientFields }),
      success: Envelope(Schema.Struct({ email: Schema.String })),
      error: refusals,
    }),
  )
  .prefix('/api/Auth')
  .annotateMerge(OpenApi.annotations({ title: 'Auth', description: 'Sign-in, tokens and password recovery' })) {}
