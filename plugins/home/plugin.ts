import { paths, routes } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

/** Home: the teacher's class rooms as cards, then the cards other features contribute. Signed in; no role required. */
export default definePlugin({
  id: 'home',
  routes: [{ path: paths.home, page: () => import('./pages/Home.tsx'), auth: true }],
  nav: [{ id: 'home', label: 'shell.nav.home', to: routes.home(), role: 'Home', icon: 'home', order: 10 }],
  messages: { en, ar },
})
