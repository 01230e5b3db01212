import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Courses (coming soon). /courses requires the Courses role. */
export default definePlugin({
  id: 'courses',
  routes: [
    { path: paths.courses, page: comingSoon, auth: true, roles: ['Courses'], title: 'courses.list.title' },
  ],
  nav: [{ id: 'courses', label: 'shell.nav.courses', to: routes.courses(), role: 'Courses', icon: 'courses', order: 20 }],
  messages: { en, ar },
})
