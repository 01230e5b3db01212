import { preloadApi } from '../api/client.ts'
import { startEarlyReads } from '../api/early-reads.ts'
import { catalogues, registry } from '../app/registry.ts'
import { localeStore } from '../i18n/locale-store.ts'
import { firstReadsFor, preloadPageFor } from '../plugin-host/page-loader.ts'
import { lastingStoredToken, sharedTokens } from '../session/storage.ts'
import { browserVersionCheck } from './version-check.ts'

/**
 * The entry's first import, so its body runs before React and the rest of the shell evaluate: it
 * asks for the version file, the first page's code and the current language's messages at once, and
 * they travel while the shell starts (on a cold load that was a round trip of 25–55 ms added after
 * it). main.tsx awaits them before the first render, so a newer server still reloads the page
 * before anything is drawn, and no message id is ever shown in place of its text.
 */
export const versionCheck = browserVersionCheck()
// A stored session opens on a signed-in page: the signed-in frame and every feature's messages; a visitor gets the sign-in page's only.
const tokens = sharedTokens(localStorage)
const stored = tokens !== null
// … and its first server reads need the API client: it loads alongside, not after the page's first render.
if (stored) preloadApi()
// The page's first reads themselves start now, while a token that is still good for a minute is at hand
// (one about to be refreshed would not be the one the page's calls carry).
const token = lastingStoredToken(localStorage)
if (token !== null) startEarlyReads(firstReadsFor(registry.routes, window.location), localeStore.get(), token)
export const firstPage = Promise.all([
  preloadPageFor(registry.routes, window.location, stored),
  catalogues.load(localeStore.get(), stored ? 'all' : 'signedOut').catch(() => undefined),
])
