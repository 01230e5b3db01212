import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { CoursesIcon } from './nav-icon.tsx'
import { courseRoutes } from './routes.ts'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly courses: typeof en
  }
}

const roles = ['Courses']

/**
 * Courses of the teacher's subjects: list, detail with attachments, create and edit (the Courses
 * role); and their reading side for the students of their audience. The list and a course's page are
 * one address for both (pages/Courses.tsx and Course.tsx choose by role: a shared link opens for
 * either); creating and editing require the Courses role at the route.
 */
export default definePlugin({
  id: 'courses',
  routes: [
    { route: courseRoutes.list, page: () => import('./pages/Courses.tsx'), auth: true, title: 'courses.list.title' },
    { route: courseRoutes.create, page: () => import('./pages/CourseCreate.tsx'), auth: true, roles, title: 'courses.form.createTitle' },
    { route: courseRoutes.edit, page: () => import('./pages/CourseEdit.tsx'), auth: true, roles, title: 'courses.form.editTitle' },
    { route: courseRoutes.detail, page: () => import('./pages/Course.tsx'), auth: true, title: 'courses.detail.title' },
  ],
  nav: [
    { id: 'courses', label: 'courses.nav.label', route: courseRoutes.list, role: 'Courses', icon: CoursesIcon, order: 20 },
    // After the student's "My homework" (order 12).
    { id: 'courses.student', label: 'courses.nav.label', route: courseRoutes.list, role: 'Student', icon: CoursesIcon, order: 14 },
  ],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
  ruleMessages: () => import('./contract/validation-messages.json'),
})
