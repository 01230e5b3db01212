import type { Locale } from '../../contracts/errors.ts'
import type { Messages } from '../i18n/intl.tsx'
import type { ClassRoomPanel, HomeCard, LocaleBundles, MachineLoaders, NavEntry, Plugin, PluginRoute } from './define-plugin.ts'
import { matchPath } from './path-parser.ts'
import { effectiveRoles, holdsAllRoles } from './roles.ts'

export type RegisteredRoute = PluginRoute & { readonly pluginId: string; readonly path: string }
export type RegisteredNav = NavEntry & { readonly pluginId: string; readonly to: string }
export interface RegisteredMachine {
  readonly pluginId: string
  readonly id: string
  readonly load: MachineLoaders[string]
}

export interface Registry {
  /** The router's table, in plugin order (the errors plugin's '*' last). */
  readonly routes: ReadonlyArray<RegisteredRoute>
  readonly nav: ReadonlyArray<RegisteredNav>
  readonly homeCards: ReadonlyArray<HomeCard>
  /** Class-room tab panels contributed by features, by tab (the first plugin to claim a tab wins: two claims throw). */
  readonly classRoomPanels: ReadonlyArray<ClassRoomPanel & { readonly pluginId: string }>
  readonly machines: ReadonlyArray<RegisteredMachine>
  /** The shell's and every plugin's messages in one language, loaded (once) when that language is first shown. */
  readonly loadMessages: (locale: Locale) => Promise<Messages>
}

/** Builds the router's table, the side bar, the home cards, the machine list and the message loader from the plugin list. */
export const buildRegistry = (plugins: ReadonlyArray<Plugin>, shell: LocaleBundles): Registry => {
  const ids = new Set<string>()
  const paths = new Map<string, string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins share the id ${plugin.id}`)
    ids.add(plugin.id)
    for (const { route } of plugin.routes) {
      const key = route.path.toLowerCase()
      const owner = paths.get(key)
      if (owner !== undefined) throw new Error(`The path ${route.path} is bound by ${owner} and ${plugin.id}`)
      paths.set(key, plugin.id)
    }
  }
  const panelTabs = new Map<string, string>()
  for (const plugin of plugins)
    for (const { tab } of plugin.classRoomPanels) {
      const owner = panelTabs.get(tab)
      if (owner !== undefined) throw new Error(`The class-room tab ${tab} is filled by ${owner} and ${plugin.id}`)
      panelTabs.set(tab, plugin.id)
    }
  const loading = new Map<Locale, Promise<Messages>>()
  const loadMessages = (locale: Locale): Promise<Messages> => {
    let messages = loading.get(locale)
    if (messages === undefined) {
      messages = Promise.all([shell[locale](), ...plugins.map((plugin) => plugin.messages[locale]())]).then(([own, ...bundles]) => {
        const merged: Record<string, Messages[string]> = { ...own.default }
        bundles.forEach((bundle, index) => {
          const id = plugins[index]!.id
          for (const [key, value] of Object.entries(bundle.default)) {
            if (!key.startsWith(`${id}.`)) throw new Error(`Message ${key} of plugin ${id} must start with "${id}."`)
            merged[key] = value
          }
        })
        return merged
      })
      // A failed download may be retried (the next language switch, the next boot).
      messages.catch(() => loading.delete(locale))
      loading.set(locale, messages)
    }
    return messages
  }
  return {
    routes: plugins.flatMap((plugin) => plugin.routes.map((route) => ({ ...route, pluginId: plugin.id, path: route.route.path }))),
    nav: plugins.flatMap((plugin) => plugin.nav.map((entry) => ({ ...entry, pluginId: plugin.id, to: entry.route.link() }))).sort((a, b) => a.order - b.order),
    homeCards: plugins.flatMap((plugin) => plugin.homeCards).sort((a, b) => a.order - b.order),
    classRoomPanels: plugins.flatMap((plugin) => plugin.classRoomPanels.map((panel) => ({ ...panel, pluginId: plugin.id }))),
    machines: plugins.flatMap((plugin) => Object.entries(plugin.machines).map(([id, load]) => ({ pluginId: plugin.id, id, load }))),
    loadMessages,
  }
}

/** The side bar shows only entries whose role the user holds. */
export const visibleNav = <Entry extends NavEntry>(nav: ReadonlyArray<Entry>, roles: ReadonlyArray<string>): ReadonlyArray<Entry> =>
  nav.filter((entry) => holdsAllRoles(effectiveRoles(roles), [entry.role]))

/** The route the router shows for a path: the first pattern that matches, else the catch-all '*'. */
export const findRoute = <Route extends { readonly path: string }>(routes: ReadonlyArray<Route>, pathname: string): { route: Route; params: Record<string, string | undefined> } | undefined => {
  for (const route of routes) {
    if (route.path === '*') continue
    const params = matchPath(route.path, pathname)
    if (params !== null) return { route, params }
  }
  const anything = routes.find((route) => route.path === '*')
  return anything === undefined ? undefined : { route: anything, params: {} }
}
