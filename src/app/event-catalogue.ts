import type { Catalogue } from '../events/catalogue.ts'

/**
 * Where the event store gets every plugin's events, projections and commands: boot provides the
 * loader (src/app/registry.ts, which holds the plugin list), so the store, which pages and shell
 * services import, never imports the composition root (that made an import circle through every
 * page before). Kept apart from the store so that providing it costs the sign-in page nothing.
 */
let load: (() => Promise<Catalogue>) | null = null
let loaded: Promise<Catalogue> | null = null

export const provideEventCatalogue = (loader: () => Promise<Catalogue>): void => {
  load = loader
  loaded = null
}

/** The plugins' catalogue, loaded on first use; without boot (a unit test of the store's files) the store's own events only. */
export const eventCatalogue = (): Promise<Catalogue> =>
  (loaded ??= load !== null ? load() : import('../events/catalogue.ts').then(({ loadCatalogue }) => loadCatalogue([])))
