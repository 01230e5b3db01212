import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { ExamsIcon } from './nav-icon.tsx'
import { examRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly exams: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Exams (coming soon). Every /exams* route requires the Exams role. */
export default definePlugin({
  id: 'exams',
  routes: [
    { route: examRoutes.list, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.list.title' },
    { route: examRoutes.create, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.create.title' },
    { route: examRoutes.edit, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.edit.title' },
    { route: examRoutes.sessions, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.sessions.title' },
    { route: examRoutes.correct, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.correct.title' },
  ],
  nav: [{ id: 'exams', label: 'exams.nav.label', route: examRoutes.list, role: 'Exams', icon: ExamsIcon, order: 40, coming: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
