import type en from './locales/en.json'
import { homeworkStudentsListRoute } from './public.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../src/plugin-host/extension-point.ts'
import { classRoomSubjectSections, classRoomTabs } from '../classroom/public.ts'
import { AssignmentsIcon } from './assignments-icon.tsx'
import { correctionFirstReads } from './correction/first-reads.ts'
import { assignmentsRoute, homeworkTab } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly homework: typeof en
  }
}

/** Loaded when the event store opens (never on the sign-in page): schemas, projection, commands. */
const storeParts = () => import('./store-parts.ts')

/** Homework and quizzes: the class room page's homework tab (list, create, edit, clone, delete), their correction, and the teacher's list across her class rooms (/assignments). */
export default definePlugin({
  id: 'homework',
  routes: [
    {
      route: homeworkStudentsListRoute,
      page: () => import('./pages/CorrectionPage.tsx'),
      auth: true,
      roles: ['Assignments'],
      title: 'homework.correct.title',
      firstReads: correctionFirstReads,
    },
    { route: assignmentsRoute, page: () => import('./pages/AssignmentsPage.tsx'), auth: true, roles: ['Assignments'], title: 'homework.assignments.title' },
  ],
  nav: [{ id: 'assignments', label: 'homework.assignments.nav', route: assignmentsRoute, role: 'Assignments', icon: AssignmentsIcon, order: 30 }],
  // The class room's homework tab, in the spec's place (after the timetable, 50; before attendance, 70).
  extensions: [
    contribute(classRoomTabs, {
      tab: homeworkTab,
      order: 60,
      label: 'homework.classRoom.tab',
      roles: ['Assignments'],
      panel: () => import('./pages/HomeworkPanel.tsx'),
    }),
    // On the classroom tab, each subject's homework by chapter.
    contribute(classRoomSubjectSections, {
      id: 'homework',
      order: 10,
      roles: ['Assignments'],
      section: () => import('./components/subject-homework.tsx'),
    }),
  ],
  events: async () => (await storeParts()).events,
  projections: async () => (await storeParts()).projections,
  commands: async () => (await storeParts()).commands,
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
  ruleMessages: () => import('./contract/validation-messages.json'),
})
