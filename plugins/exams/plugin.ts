import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { classRoomTabs } from '../classroom/public.ts'
import { homeCards } from '../home/public.ts'
import { resultsSections } from '../results/public.ts'
import { ExamsIcon } from './nav-icon.tsx'
import { examRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly exams: typeof en
  }
}

/** Loaded when the event store opens (never on the sign-in page): schemas, projection, commands. */
const storeParts = () => import('./store-parts.ts')

const builderPage = () => import('./pages/ExamBuilderPage.tsx')

/** Exams: the teacher's lists and builder require the Exams role; a student's list and her single-use link, the Student role. */
export default definePlugin({
  id: 'exams',
  routes: [
    { route: examRoutes.list, page: () => import('./pages/ExamsPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.list.title' },
    { route: examRoutes.create, page: builderPage, auth: true, roles: ['Exams'], title: 'exams.create.title' },
    { route: examRoutes.edit, page: builderPage, auth: true, roles: ['Exams'], title: 'exams.edit.title' },
    { route: examRoutes.details, page: () => import('./pages/ExamDetailsPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.details.title' },
    { route: examRoutes.sessions, page: () => import('./pages/ExamSessionsPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.sessions.title' },
    { route: examRoutes.correct, page: () => import('./pages/ExamCorrectPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.correct.title' },
    { route: examRoutes.mine, page: () => import('./pages/MyExamsPage.tsx'), auth: true, roles: ['Student'], title: 'exams.mine.title' },
    { route: examRoutes.resultsList, page: () => import('./pages/ExamResultsListPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.results.title' },
    { route: examRoutes.results, page: () => import('./pages/ExamResultsPage.tsx'), auth: true, roles: ['Exams'], title: 'exams.results.title' },
    { route: examRoutes.myResults, page: () => import('./pages/MyExamResultsPage.tsx'), auth: true, roles: ['Student'], title: 'exams.myResults.title' },
    { route: examRoutes.take, page: () => import('./pages/TakeExamPage.tsx'), auth: true, roles: ['Student'], title: 'exams.take.title' },
    // An admin's, by user type (roles are a teacher's): the page says so to anyone else, and the server refuses them.
    { route: examRoutes.settings, page: () => import('./pages/ExamSettingsPage.tsx'), auth: true, title: 'exams.settings.title' },
  ],
  nav: [
    { id: 'exams', label: 'exams.nav.label', route: examRoutes.list, role: 'Exams', icon: ExamsIcon, order: 40 },
    { id: 'exams.mine', label: 'exams.mine.nav', route: examRoutes.mine, role: 'Student', icon: ExamsIcon, order: 14 },
  ],
  extensions: [
    // The class room's exams tab (the spec's place, last), replacing its placeholder.
    contribute(classRoomTabs, {
      tab: 'exams',
      order: 80,
      label: 'exams.classRoom.tab',
      roles: ['Exams'],
      panel: () => import('./pages/ClassRoomExamsPanel.tsx'),
    }),
    // A student's exams she can start or continue now, on her home.
    contribute(homeCards, { id: 'exams.mine', order: 4, roles: ['Student'], component: () => import('./pages/MyExamsCard.tsx') }),
    // An admin's way to the exam settings, on her home (the card draws nothing for anyone else).
    contribute(homeCards, { id: 'exams.settings', order: 90, component: () => import('./pages/ExamSettingsCard.tsx') }),
    // Her latest exam results on the /results page (the results plugin's), the full list staying at /exams/results.
    contribute(resultsSections, { id: 'exams.results', order: 10, roles: ['Exams'], section: () => import('./pages/ExamResultsSection.tsx') }),
  ],
  machines: { takeExam: () => import('../../machines/take-exam.machine.ts').then((module) => module.takeExamMachine) },
  events: async () => (await storeParts()).events,
  projections: async () => (await storeParts()).projections,
  commands: async () => (await storeParts()).commands,
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
  ruleMessages: [
    () => import('./contract/validation-messages.json'),
    () => import('./contract/take-exam-rule-messages.json'),
    () => import('./contract/correction-messages.json'),
  ],
})
