import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

/** Error pages (public, no roles). '*' is the catch-all: any unknown path shows the 404 page. */
export default definePlugin({
  id: 'errors',
  routes: [
    { path: paths.error404, page: () => import('./pages/ErrorPage.tsx'), auth: false, title: 'errors.404.title' },
    { path: paths.error401, page: () => import('./pages/ErrorPage.tsx'), auth: false, title: 'errors.401.title' },
    { path: paths.error403, page: () => import('./pages/ErrorPage.tsx'), auth: false, title: 'errors.403.title' },
    { path: paths.error505, page: () => import('./pages/ErrorPage.tsx'), auth: false, title: 'errors.505.title' },
    { path: '*', page: () => import('./pages/ErrorPage.tsx'), auth: false, title: 'errors.404.title' },
  ],
  messages: { en, ar },
})
