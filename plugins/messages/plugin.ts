import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly messages: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Messages to parents (coming soon). /messages needs no role. */
export default definePlugin({
  id: 'messages',
  routes: [{ route: defineRoute('/messages'), page: comingSoon, auth: true, title: 'messages.list.title' }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
