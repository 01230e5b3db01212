import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Exams (coming soon). Every /exams* route requires the Exams role. */
export default definePlugin({
  id: 'exams',
  routes: [
    { path: paths.exams, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.list.title' },
    { path: paths.examCreate, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.create.title' },
    { path: paths.examEdit, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.edit.title' },
    { path: paths.examSessions, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.sessions.title' },
    { path: paths.examCorrect, page: comingSoon, auth: true, roles: ['Exams'], title: 'exams.correct.title' },
  ],
  nav: [{ id: 'exams', label: 'shell.nav.exams', to: routes.exams(), role: 'Exams', icon: 'exams', order: 40 }],
  messages: { en, ar },
})
