import type en from './locales/en.json'
import { frameActions } from '../../src/layout/frame-actions.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { classRoomRoute } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly classroom: typeof en
  }
}

/**
 * The class room page (signed in, no role required); its homework students list is the homework
 * feature's page. The "my class rooms" button in the signed-in frame is its action there, for those
 * who see class rooms on home (the Home role), not for a student.
 */
export default definePlugin({
  id: 'classroom',
  routes: [{ route: classRoomRoute, page: () => import('./pages/ClassRoom.tsx'), auth: true }],
  extensions: [contribute(frameActions, { id: 'classRooms', roles: ['Home'], action: () => import('./components/class-room-button.tsx') })],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
  ruleMessages: () => import('./contract/validation-messages.json'),
})
