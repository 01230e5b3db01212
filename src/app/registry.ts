import { createCatalogues } from '../i18n/intl.tsx'
import { shellMessages, signedInSharedMessages } from '../i18n/shell-messages.ts'
import { buildRegistry } from '../plugin-host/registry.ts'
import { plugins } from '../plugins.ts'

/** The router table, side bar, home cards and machine list, built once from the plugin list. */
export const registry = buildRegistry(plugins, shellMessages, signedInSharedMessages)

/** The messages of each language, loaded when it is first shown. */
export const catalogues = createCatalogues(registry.loadMessages)
