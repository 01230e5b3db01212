import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { AssignmentsIcon } from './nav-icon.tsx'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly assignments: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

const assignmentsRoute = defineRoute('/assignments')

/** Assignments (coming soon). /assignments is not in the spec's route list: it is the side bar's target until homework lands. No required role on the route; the side-bar entry needs Assignments. */
export default definePlugin({
  id: 'assignments',
  routes: [{ route: assignmentsRoute, page: comingSoon, auth: true, title: 'assignments.list.title' }],
  nav: [{ id: 'assignments', label: 'assignments.nav.label', route: assignmentsRoute, role: 'Assignments', icon: AssignmentsIcon, order: 30, coming: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
