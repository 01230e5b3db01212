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

/** Courses of the teacher's subjects: list, detail with attachments, create and edit. Every /courses route requires the Courses role. */
export default definePlugin({
  id: 'courses',
  routes: [
    { route: courseRoutes.list, page: () => import('./pages/CourseList.tsx'), auth: true, roles, title: 'courses.list.title' },
    { route: courseRoutes.create, page: () => import('./pages/CourseCreate.tsx'), auth: true, roles, title: 'courses.form.createTitle' },
    { route: courseRoutes.edit, page: () => import('./pages/CourseEdit.tsx'), auth: true, roles, title: 'courses.form.editTitle' },
    { route: courseRoutes.detail, page: () => import('./pages/CourseDetail.tsx'), auth: true, roles, title: 'courses.detail.title' },
  ],
  nav: [{ id: 'courses', label: 'courses.nav.label', route: courseRoutes.list, role: 'Courses', icon: CoursesIcon, order: 20 }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
