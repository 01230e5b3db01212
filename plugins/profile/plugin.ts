import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

/** Profile settings. /settingProfile requires the Settings role. Also adds a "your profile" card to home. */
export default definePlugin({
  id: 'profile',
  routes: [{ path: paths.settingProfile, page: () => import('./pages/Profile.tsx'), auth: true, roles: ['Settings'] }],
  homeCards: [{ id: 'profile.card', order: 90, roles: ['Settings'], component: () => import('./pages/ProfileCard.tsx') }],
  messages: { en, ar },
})
