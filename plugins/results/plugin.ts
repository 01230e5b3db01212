import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { ResultsIcon } from './nav-icon.tsx'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly results: typeof en
  }
}

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

const resultsRoute = defineRoute('/results')

/** Results (coming soon). /results is the side bar's target (not in the spec's route list). No required role on the route; the side-bar entry needs Results. */
export default definePlugin({
  id: 'results',
  routes: [{ route: resultsRoute, page: comingSoon, auth: true, title: 'results.list.title' }],
  nav: [{ id: 'results', label: 'results.nav.label', route: resultsRoute, role: 'Results', icon: ResultsIcon, order: 50, coming: true }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
