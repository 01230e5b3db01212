import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { homeCards } from '../home/public.ts'
import { accountPage } from '../../src/layout/account-page.ts'
import { profileRoute } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly profile: typeof en
  }
}

/** Loaded when the event store opens (never on the sign-in page): schemas, projection, commands. */
const storeParts = () => import('./store-parts.ts')

/** Profile settings. /settingProfile requires the Settings role. Also adds a "your profile" card to home, and is the frame's account page. */
export default definePlugin({
  id: 'profile',
  routes: [{ route: profileRoute, page: () => import('./pages/Profile.tsx'), auth: true, roles: ['Settings'], title: 'profile.page.title' }],
  extensions: [
    // The frame's user chip and password-change banner lead to this page.
    contribute(accountPage, { route: profileRoute }),
    contribute(homeCards, { id: 'profile.card', order: 90, roles: ['Settings'], component: () => import('./pages/ProfileCard.tsx') }),
  ],
  events: async () => (await storeParts()).events,
  projections: async () => (await storeParts()).projections,
  commands: async () => (await storeParts()).commands,
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
