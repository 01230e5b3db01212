import type { Plugin } from '../plugin-host/define-plugin.ts'

/**
 * The plugins whose events, projections and commands the event store runs: boot provides them
 * (src/app/registry.ts, which holds the plugin list), so the store, which pages and shell services
 * import, never imports the composition root (that made an import circle through every page before).
 * Kept apart from the store so that providing them costs the sign-in page nothing. Unset (a unit
 * test of the store's files), the store runs its own events only.
 */
let provided: ReadonlyArray<Plugin> = []

export const provideEventPlugins = (plugins: ReadonlyArray<Plugin>): void => {
  provided = plugins
}

export const eventPlugins = (): ReadonlyArray<Plugin> => provided
