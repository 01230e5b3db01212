import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

/** The class room page (signed in, no role required); its homework students list comes later. */
export default definePlugin({
  id: 'classroom',
  routes: [
    { path: paths.classroom, page: () => import('./pages/ClassRoom.tsx'), auth: true },
    { path: paths.homeworkStudentsList, page: () => import('../../src/plugin-host/coming-soon-page.tsx'), auth: true, title: 'classroom.homework.title' },
  ],
  messages: { en, ar },
})
