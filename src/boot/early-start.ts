import { preloadPageFor } from '../plugin-host/page-loader.ts'
import { browserVersionCheck } from './version-check.ts'

/**
 * The entry's first import, so its body runs before React and the rest of the shell evaluate: it
 * asks for the version file and the first page's code at once, and both travel while the shell
 * starts (on a cold load that was a round trip of 25–55 ms added after it). main.tsx awaits both
 * before the first render, so a newer server still reloads the page before anything is drawn.
 */
export const versionCheck = browserVersionCheck()
export const firstPage = preloadPageFor(window.location.pathname)
