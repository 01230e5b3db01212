import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { homeCards } from '../home/public.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly profile: typeof en
  }
}

/** Loaded when the event store opens (never on the sign-in page): schemas, projection, commands. */
const storeParts = () => import('./store-parts.ts')

/** Profile settings. /settingProfile requires the Settings role. Also adds a "your profile" card to home. */
export default definePlugin({
  id: 'profile',
  routes: [{ route: shellRoutes.settingProfile, page: () => import('./pages/Profile.tsx'), auth: true, roles: ['Settings'], title: 'profile.page.title' }],
  extensions: [contribute(homeCards, { id: 'profile.card', order: 90, roles: ['Settings'], component: () => import('./pages/ProfileCard.tsx') })],
  events: async () => (await storeParts()).events,
  projections: async () => (await storeParts()).projections,
  commands: async () => (await storeParts()).commands,
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
