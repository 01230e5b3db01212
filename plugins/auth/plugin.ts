import type en from './locales/signed-out/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { authRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly auth: typeof en
  }
}

/** Sign-in (password or link), password recovery, a new email's confirmation link and the timed-out page. All public, no roles. Owns the session machine. */
export default definePlugin({
  id: 'auth',
  routes: [
    { route: shellRoutes.signIn, title: 'auth.signIn.pageTitle', page: () => import('./pages/SignIn.tsx'), auth: false, bare: true },
    { route: authRoutes.forgetPassword, title: 'auth.forgot.title', page: () => import('./pages/ForgetPassword.tsx'), auth: false, bare: true },
    { route: authRoutes.forgetSignin, title: 'auth.forgot.title', page: () => import('./pages/ForgetPassword.tsx'), auth: false, bare: true },
    { route: authRoutes.signInForget, title: 'auth.checkEmail.title', page: () => import('./pages/CheckEmail.tsx'), auth: false, bare: true },
    { route: authRoutes.resetPassword, title: 'auth.reset.title', page: () => import('./pages/ResetPassword.tsx'), auth: false, bare: true },
    { route: authRoutes.resetPasswordDone, title: 'auth.resetDone.title', page: () => import('./pages/ResetPasswordDone.tsx'), auth: false, bare: true },
    { route: authRoutes.linkExpired, title: 'auth.linkExpired.title', page: () => import('./pages/LinkExpired.tsx'), auth: false, bare: true },
    { route: authRoutes.confirmEmail, title: 'auth.confirmEmail.title', page: () => import('./pages/ConfirmEmail.tsx'), auth: false, bare: true },
    { route: shellRoutes.timedOut, title: 'auth.timedOut.title', page: () => import('./pages/TimedOut.tsx'), auth: false, bare: true },
  ],
  machines: { session: () => import('../../machines/session.machine.ts').then((module) => module.sessionMachine) },
  messages: { en: () => import('./locales/signed-out/en.json'), ar: () => import('./locales/signed-out/ar.json') },
})
