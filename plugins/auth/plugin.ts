import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

/** Sign-in (password or link), password recovery and the timed-out page. All public, no roles. */
export default definePlugin({
  id: 'auth',
  routes: [
    { path: paths.signIn, page: () => import('./pages/SignIn.tsx'), auth: false, bare: true },
    { path: paths.forgetPassword, page: () => import('./pages/ForgetPassword.tsx'), auth: false, bare: true },
    { path: paths.forgetSignin, page: () => import('./pages/ForgetPassword.tsx'), auth: false, bare: true },
    { path: paths.signInForget, page: () => import('./pages/CheckEmail.tsx'), auth: false, bare: true },
    { path: paths.resetPassword, page: () => import('./pages/ResetPassword.tsx'), auth: false, bare: true },
    { path: paths.resetPasswordDone, page: () => import('./pages/ResetPasswordDone.tsx'), auth: false, bare: true },
    { path: paths.linkExpired, page: () => import('./pages/LinkExpired.tsx'), auth: false, bare: true },
    { path: paths.timedOut, page: () => import('./pages/TimedOut.tsx'), auth: false, bare: true },
  ],
  messages: { en, ar },
})
