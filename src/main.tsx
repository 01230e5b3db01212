import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app/app.tsx'
import { browserVersionCheck } from './boot/version-check.ts'
import { localeStore } from './i18n/locale-store.ts'
import { preloadPageFor } from './plugin-host/router.tsx'

/**
 * Boot: the version check comes first (a newer server reloads the page), then the app renders.
 * The shell is in the entry's module graph, so the HTML preloads it beside the entry; the first
 * page's own code is asked for while the version file is.
 */
const boot = async () => {
  localeStore.applyToDocument()
  const firstPage = preloadPageFor(window.location.pathname)
  if ((await browserVersionCheck()) === 'reloading') return
  await firstPage
  const root = document.getElementById('root')
  if (root === null) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void boot()
