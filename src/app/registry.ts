import shellAr from '../i18n/locales/ar.json'
import shellEn from '../i18n/locales/en.json'
import { buildRegistry } from '../plugin-host/registry.ts'
import { plugins } from '../plugins.ts'

/** The router table, side bar and message catalogue, built once from the plugin list. */
export const registry = buildRegistry(plugins, { en: shellEn, ar: shellAr })
