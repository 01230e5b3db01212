import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { CoursesIcon } from './nav-icon.tsx'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly courses: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

const coursesRoute = defineRoute('/courses')

/** Courses (coming soon). /courses requires the Courses role. */
export default definePlugin({
  id: 'courses',
  routes: [{ route: coursesRoute, page: comingSoon, auth: true, roles: ['Courses'], title: 'courses.list.title' }],
  nav: [{ id: 'courses', label: 'courses.nav.label', route: coursesRoute, role: 'Courses', icon: CoursesIcon, order: 20, coming: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
