import type { LocaleBundles } from '../plugin-host/define-plugin.ts'

/** The shell's own messages (`shell.*`), one bundle per language: needed on every page, signed in or not. */
export const shellMessages: LocaleBundles = {
  en: () => import('./locales/en.json'),
  ar: () => import('./locales/ar.json'),
}

/**
 * Messages of shared parts that only signed-in pages show: the question engine's (`questions.*`,
 * src/questions/locales), which any feature showing a question uses. Loaded with the plugins'
 * messages once someone signs in (src/plugin-host/registry.ts), not on the sign-in page.
 */
export const signedInSharedMessages: LocaleBundles = {
  en: () => import('../questions/locales/en.json'),
  ar: () => import('../questions/locales/ar.json'),
}
