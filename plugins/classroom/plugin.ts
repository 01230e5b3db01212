import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { classRoomRoute } from './public.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly classroom: typeof en
  }
}

/** The class room page (signed in, no role required); its homework students list is the homework feature's page. */
export default definePlugin({
  id: 'classroom',
  routes: [{ route: classRoomRoute, page: () => import('./pages/ClassRoom.tsx'), auth: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
