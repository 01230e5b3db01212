import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { browserVersionCheck } from './boot/version-check.ts'
import { localeStore } from './i18n/locale-store.ts'

/** Boot: the version check comes first (a newer server reloads the page), then the app renders. */
const boot = async () => {
  localeStore.applyToDocument()
  // The app's code downloads while the version file is asked for; it runs only after the answer.
  const app = import('./app/app.tsx')
  if ((await browserVersionCheck()) === 'reloading') return
  const { App } = await app
  const root = document.getElementById('root')
  if (root === null) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void boot()
