import { paths } from '../../src/app/routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import ar from './locales/ar.json'
import en from './locales/en.json'

const comingSoon = () => import('../../src/plugin-host/coming-soon-page.tsx')

/** Messages to parents (coming soon). /messages needs no role. */
export default definePlugin({
  id: 'messages',
  routes: [
    { path: paths.messages, page: comingSoon, auth: true, title: 'messages.list.title' },
  ],
  messages: { en, ar },
})
