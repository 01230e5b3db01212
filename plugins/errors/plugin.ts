import type en from './locales/signed-out/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { errorRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly errors: typeof en
  }
}

const errorPage = () => import('./pages/ErrorPage.tsx')

/** Error pages (public, no roles). '*' is the catch-all: any unknown path shows the 404 page. */
export default definePlugin({
  id: 'errors',
  routes: [
    { route: errorRoutes.notFound, page: errorPage, auth: false, title: 'errors.404.title' },
    { route: shellRoutes.unauthorized, page: errorPage, auth: false, title: 'errors.401.title' },
    { route: errorRoutes.forbidden, page: errorPage, auth: false, title: 'errors.403.title' },
    { route: errorRoutes.serverError, page: errorPage, auth: false, title: 'errors.505.title' },
    { route: errorRoutes.anything, page: errorPage, auth: false, title: 'errors.404.title' },
  ],
  messages: { en: () => import('./locales/signed-out/en.json'), ar: () => import('./locales/signed-out/ar.json') },
})
