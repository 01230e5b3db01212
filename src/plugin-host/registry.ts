import type { Catalogue, Messages } from '../i18n/intl.tsx'
import type { HomeCard, NavEntry, Plugin, PluginRoute } from './define-plugin.ts'
import { effectiveRoles, holdsAllRoles } from './roles.ts'

export interface Registry {
  readonly routes: ReadonlyArray<PluginRoute & { readonly pluginId: string }>
  readonly nav: ReadonlyArray<NavEntry>
  readonly homeCards: ReadonlyArray<HomeCard>
  readonly catalogue: Catalogue
}

/** Builds the router's table, the side bar and the message catalogue from the plugin list. */
export const buildRegistry = (plugins: ReadonlyArray<Plugin>, shell: Catalogue): Registry => {
  const ids = new Set<string>()
  const en: Record<string, string> = { ...shell.en }
  const ar: Record<string, string> = { ...shell.ar }
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins share the id ${plugin.id}`)
    ids.add(plugin.id)
    const own = (messages: Messages, into: Record<string, string>) => {
      for (const [key, value] of Object.entries(messages)) {
        if (!key.startsWith(`${plugin.id}.`)) throw new Error(`Message ${key} of plugin ${plugin.id} must start with "${plugin.id}."`)
        into[key] = value
      }
    }
    own(plugin.messages.en, en)
    own(plugin.messages.ar, ar)
  }
  return {
    routes: plugins.flatMap((plugin) => plugin.routes.map((route) => ({ ...route, pluginId: plugin.id }))),
    nav: plugins.flatMap((plugin) => plugin.nav).sort((a, b) => a.order - b.order),
    homeCards: plugins.flatMap((plugin) => plugin.homeCards).sort((a, b) => a.order - b.order),
    catalogue: { en, ar },
  }
}

/** The side bar shows only entries whose role the user holds. */
export const visibleNav = (nav: ReadonlyArray<NavEntry>, roles: ReadonlyArray<string>): ReadonlyArray<NavEntry> =>
  nav.filter((entry) => holdsAllRoles(effectiveRoles(roles), [entry.role]))
