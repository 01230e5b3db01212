import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Schedule: online sessions and the calendar (coming soon). /calendar and /onlinesessions* require the Schedule role. */
export default definePlugin({
  id: 'schedule',
  routes: [
    { path: paths.calendar, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.calendar.title' },
    { path: paths.onlineSessions, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.sessions.title' },
    { path: paths.onlineSessionsSummary, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.summary.title' },
  ],
  nav: [{ id: 'schedule', label: 'shell.nav.schedule', to: routes.calendar(), role: 'Schedule', icon: 'schedule', order: 60 }],
  messages: { en, ar },
})
