// First: starts the version check and the first page's download before the shell below evaluates.
import { firstPage, versionCheck } from './boot/early-start.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app/app.tsx'
import { localeStore } from './i18n/locale-store.ts'

/** Boot: the version check comes first (a newer server reloads the page), then the app renders. */
const boot = async () => {
  localeStore.applyToDocument()
  if ((await versionCheck) === 'reloading') return
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
