import type en from './locales/en.json'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { ResultsIcon } from './nav-icon.tsx'

declare module '../../src/i18n/message-ids.ts' {
  interface EnglishCatalogues {
    readonly results: typeof en
  }
}

const resultsRoute = defineRoute('/results')

/**
 * Results: /results (the side bar's target, not in the spec's route list) shows the latest results
 * other features contribute through `resultsSections` (public.ts); each feature keeps its own full
 * results pages (exams': /exams/results). No required role on the route; the side-bar entry needs Results.
 */
export default definePlugin({
  id: 'results',
  routes: [{ route: resultsRoute, page: () => import('./pages/ResultsPage.tsx'), auth: true, title: 'results.list.title' }],
  nav: [{ id: 'results', label: 'results.nav.label', route: resultsRoute, role: 'Results', icon: ResultsIcon, order: 50 }],
  messages: { en: () => import('./locales/en.json'), ar: () => import('./locales/ar.json') },
})
