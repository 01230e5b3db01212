// First: starts the version check and the first page's download before the shell below evaluates.
import { earlyReads, firstPage, versionCheck } from './boot/early-start.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app/app.tsx'
import { localeStore } from './i18n/locale-store.ts'

/** How long the first render waits for the page's first reads before it draws their loading state. */
const firstReadsWaitMs = 120

/** Boot: the version check comes first (a newer server reloads the page), then the app renders. */
const boot = async () => {
  localeStore.applyToDocument()
  if ((await versionCheck) === 'reloading') return
  await firstPage
  // The page's first reads, when they come soon, are drawn by the first render instead of a loading state.
  const early = earlyReads
  if (early !== null && early.reads.length > 0) {
    const primed = import('./resources/prime-first-reads.ts').then(({ primeFirstReads }) => primeFirstReads(early))
    await Promise.race([primed, new Promise((resolve) => setTimeout(resolve, firstReadsWaitMs))])
  }
  const root = document.getElementById('root')
  if (root === null) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void boot()
