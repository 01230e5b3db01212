import type en from './locales/signed-out/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly notifications: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Notifications (coming soon). The spec declares /Notifcation without the authentication flag, so it is public here too. */
export default definePlugin({
  id: 'notifications',
  routes: [{ route: defineRoute('/Notifcation'), page: comingSoon, auth: false, title: 'notifications.list.title' }],
  messages: { en: () => import('./locales/signed-out/en.json'), ar: () => import('./locales/signed-out/ar.json') },
})
