import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Notifications (coming soon). The spec declares /Notifcation without the authentication flag, so it is public here too. */
export default definePlugin({
  id: 'notifications',
  routes: [
    { path: paths.notifications, page: comingSoon, auth: false, title: 'notifications.list.title' },
  ],
  messages: { en, ar },
})
