import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { HomeIcon } from './nav-icon.tsx'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly home: typeof en
  }
}

/** Home: the teacher's class rooms as cards, then the cards other features contribute. Signed in; no role required. */
export default definePlugin({
  id: 'home',
  routes: [{ route: shellRoutes.home, page: () => import('./pages/Home.tsx'), auth: true, title: 'home.nav.label' }],
  nav: [{ id: 'home', label: 'home.nav.label', route: shellRoutes.home, role: 'Home', icon: HomeIcon, order: 10 }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
