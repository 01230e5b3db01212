import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** Routes only the auth pages link to (sign-in and timed-out are the shell's: src/plugin-host/shell-routes.ts). */
export const authRoutes = {
  forgetPassword: defineRoute('/ForgetPassword'),
  forgetSignin: defineRoute('/ForgetSignin'),
  signInForget: defineRoute('/signInForget'),
  resetPassword: defineRoute('/resetPassword', { query: ['token'] }),
  resetPasswordDone: defineRoute('/resetPasswordDone'),
  linkExpired: defineRoute('/linkExpired'),
  confirmEmail: defineRoute('/confirmEmail', { query: ['token'] }),
}
