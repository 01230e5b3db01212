import { createCatalogues } from '../i18n/intl.tsx'
import { shellMessages, signedInSharedMessages } from '../i18n/shell-messages.ts'
import { buildRegistry } from '../plugin-host/registry.ts'
import { plugins } from '../plugins.ts'
import { provideEventPlugins } from './event-plugins.ts'

/**
 * The composition root: the only module that imports the plugin list. Boot imports it
 * (src/boot/early-start.ts, src/app/app.tsx) and hands what it builds down: the registry through
 * React context (src/plugin-host/registry-context.tsx), the plugin list to the event store
 * (./event-plugins.ts). Nothing a page imports may import it (the no-circular boundary rule).
 */

/** The router table, side bar, home cards and machine list, built once from the plugin list. */
export const registry = buildRegistry(plugins, shellMessages, signedInSharedMessages)

/** The messages of each language, loaded when it is first shown. */
export const catalogues = createCatalogues(registry.loadMessages)

/** The event store runs every plugin's events, projections and commands (loaded when it first opens, never on the sign-in page). */
provideEventPlugins(plugins)
