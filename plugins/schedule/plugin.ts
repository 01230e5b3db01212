import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { ScheduleIcon } from './nav-icon.tsx'
import { scheduleRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly schedule: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Schedule: online sessions and the calendar (coming soon). /calendar and /onlinesessions* require the Schedule role. */
export default definePlugin({
  id: 'schedule',
  routes: [
    { route: scheduleRoutes.calendar, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.calendar.title' },
    { route: scheduleRoutes.onlineSessions, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.sessions.title' },
    { route: scheduleRoutes.onlineSessionsSummary, page: comingSoon, auth: true, roles: ['Schedule'], title: 'schedule.summary.title' },
  ],
  nav: [{ id: 'schedule', label: 'schedule.nav.label', route: scheduleRoutes.calendar, role: 'Schedule', icon: ScheduleIcon, order: 60, coming: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
