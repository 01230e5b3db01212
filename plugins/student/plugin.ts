import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { homeCards } from '../home/public.ts'
import { MyHomeworkIcon } from './nav-icon.tsx'
import { myHomeworkRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly student: typeof en
  }
}

/** Loaded when the event store opens (never on the sign-in page): schemas, projection, commands. */
const storeParts = () => import('./store-parts.ts')

/** A student's own homework and quizzes: the list (also her home card), answering with a kept draft, handing in, her grade. */
export default definePlugin({
  id: 'student',
  routes: [
    { route: myHomeworkRoutes.list, page: () => import('./pages/MyHomeworkPage.tsx'), auth: true, roles: ['Student'], title: 'student.nav.label' },
    { route: myHomeworkRoutes.one, page: () => import('./pages/AnswerPage.tsx'), auth: true, roles: ['Student'], title: 'student.nav.label' },
  ],
  nav: [{ id: 'student.myHomework', label: 'student.nav.label', route: myHomeworkRoutes.list, role: 'Student', icon: MyHomeworkIcon, order: 12 }],
  extensions: [contribute(homeCards, { id: 'student.myHomework', order: 5, roles: ['Student'], component: () => import('./pages/MyHomeworkCard.tsx') })],
  events: async () => (await storeParts()).events,
  projections: async () => (await storeParts()).projections,
  commands: async () => (await storeParts()).commands,
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
