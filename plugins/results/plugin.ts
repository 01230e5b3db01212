import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Results (coming soon). /results is the side bar's target (not in the spec's route list). No required role on the route; the side-bar entry needs Results. */
export default definePlugin({
  id: 'results',
  routes: [
    { path: paths.results, page: comingSoon, auth: true, title: 'results.list.title' },
  ],
  nav: [{ id: 'results', label: 'shell.nav.results', to: routes.results(), role: 'Results', icon: 'results', order: 50 }],
  messages: { en, ar },
})
