import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Assignments (coming soon). /assignments is not in the spec's route list: it is the side bar's target until homework lands. No required role on the route; the side-bar entry needs Assignments. */
export default definePlugin({
  id: 'assignments',
  routes: [
    { path: paths.assignments, page: comingSoon, auth: true, title: 'assignments.list.title' },
  ],
  nav: [{ id: 'assignments', label: 'shell.nav.assignments', to: routes.assignments(), role: 'Assignments', icon: 'assignments', order: 30 }],
  messages: { en, ar },
})
