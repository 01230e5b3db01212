import type { Locale } from '../../contracts/errors.ts'
import type { Messages, MessageScope } from '../i18n/intl.tsx'
import type { LocaleBundles, MachineLoaders, NavEntry, Plugin, PluginRoute } from './define-plugin.ts'
import { ruleMessageLoaders } from './define-plugin.ts'
import type { Contributed, ExtensionPoint } from './extension-point.ts'
import { addFeatureRuleMessages } from '../forms/issue-messages.ts'
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
  /** What the plugins contribute to an extension point, in plugin order (src/plugin-host/extension-point.ts). */
  readonly contributions: <Contribution>(point: ExtensionPoint<Contribution>) => ReadonlyArray<Contributed<Contribution>>
  readonly machines: ReadonlyArray<RegisteredMachine>
  /**
   * One language's messages, loaded once per scope: 'signedOut' is the shell's and those of the
   * plugins with pages for signed-out visitors (sign-in, errors), all a signed-out page can show;
   * 'all' adds every other plugin's and the signed-in shared parts'. The sign-in page so carries
   * none of the features' text. (Such plugins keep their messages in `locales/signed-out/`, which
   * the build puts in the signed-out chunk: vite.config.ts.)
   */
  readonly loadMessages: (locale: Locale, scope?: MessageScope) => Promise<Messages>
  /** The plugins whose messages a signed-out page loads: those with a page for signed-out visitors. */
  readonly signedOutPlugins: ReadonlyArray<string>
}

/**
 * The composition's own mistakes: two plugins with one id, one path bound twice, one keyed
 * contribution (a class-room tab) made twice. Thrown while developing and in the tests, which build
 * the registry from the app's plugin list (tests/unit/plugin-host.test.ts); the production build
 * leaves the check out, as the plugin list it ships is the one those tests passed (and this code
 * would otherwise load with the sign-in page).
 */
const checkComposition = (plugins: ReadonlyArray<Plugin>): void => {
  const ids = new Set<string>()
  const paths = new Map<string, string>()
  const keys = new Map<string, string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Two plugins share the id ${plugin.id}`)
    ids.add(plugin.id)
    for (const { route } of plugin.routes) {
      const path = route.path.toLowerCase()
      const owner = paths.get(path)
      if (owner !== undefined) throw new Error(`The path ${route.path} is bound by ${owner} and ${plugin.id}`)
      paths.set(path, plugin.id)
    }
    for (const { point, value } of plugin.extensions) {
      const key = point.keyOf === undefined ? undefined : `${point.id} ${point.keyOf(value as never)}`
      if (key === undefined) continue
      const owner = keys.get(key)
      if (owner !== undefined) throw new Error(`${key} is contributed by ${owner} and ${plugin.id}`)
      keys.set(key, plugin.id)
    }
  }
}

/** Builds the router's table, the side bar, the extension points' contributions, the machine list and the message loader from the plugin list. */
export const buildRegistry = (plugins: ReadonlyArray<Plugin>, shell: LocaleBundles, signedInShared?: LocaleBundles): Registry => {
  if (import.meta.env.DEV) checkComposition(plugins)
  const contributed = new Map<string, Array<Contributed<unknown>>>()
  const noContributions: ReadonlyArray<never> = []
  for (const plugin of plugins)
    for (const { point, value } of plugin.extensions)
      contributed.set(point.id, [...(contributed.get(point.id) ?? []), { ...(value as object), pluginId: plugin.id }])
  const loading = new Map<string, Promise<Messages>>()
  const signedOutPlugins = plugins.filter((plugin) => plugin.routes.some((route) => !route.auth))
  const loadMessages = (locale: Locale, scope: MessageScope = 'all'): Promise<Messages> => {
    const key = `${locale}:${scope}`
    let messages = loading.get(key)
    if (messages === undefined) {
      const included = scope === 'all' ? plugins : signedOutPlugins
      const shared = scope === 'all' && signedInShared !== undefined ? [shell[locale](), signedInShared[locale]()] : [shell[locale]()]
      // Signed in, the features' rule messages come along (src/forms/issue-messages.ts), before any of their forms shows.
      const ruleMessages =
        scope === 'all' ? included.flatMap((plugin) => ruleMessageLoaders(plugin).map((load) => load().then((own) => addFeatureRuleMessages(own.default)))) : []
      messages = Promise.all([Promise.all(shared), Promise.all(ruleMessages), ...included.map((plugin) => plugin.messages[locale]())]).then(
        ([own, , ...bundles]) => {
          const merged: Record<string, Messages[string]> = Object.assign({}, ...own.map((bundle) => bundle.default))
          bundles.forEach((bundle, index) => {
            const id = included[index]!.id
            for (const [key, value] of Object.entries(bundle.default)) {
              if (!key.startsWith(`${id}.`)) throw new Error(`Message ${key} of plugin ${id} must start with "${id}."`)
              merged[key] = value
            }
          })
          return merged
        },
      )
      // A failed download may be retried (the next language switch, the next boot).
      messages.catch(() => loading.delete(key))
      loading.set(key, messages)
    }
    return messages
  }
  return {
    routes: plugins.flatMap((plugin) => plugin.routes.map((route) => ({ ...route, pluginId: plugin.id, path: route.route.path }))),
    nav: plugins.flatMap((plugin) => plugin.nav.map((entry) => ({ ...entry, pluginId: plugin.id, to: entry.route.link() }))).sort((a, b) => a.order - b.order),
    contributions: <Contribution>(point: ExtensionPoint<Contribution>) =>
      (contributed.get(point.id) ?? noContributions) as ReadonlyArray<Contributed<Contribution>>,
    machines: plugins.flatMap((plugin) => Object.entries(plugin.machines).map(([id, load]) => ({ pluginId: plugin.id, id, load }))),
    loadMessages,
    signedOutPlugins: signedOutPlugins.map((plugin) => plugin.id),
  }
}

/** The side bar shows only entries whose role the user holds. */
export const visibleNav = <Entry extends NavEntry>(nav: ReadonlyArray<Entry>, roles: ReadonlyArray<string>): ReadonlyArray<Entry> =>
  nav.filter((entry) => holdsAllRoles(effectiveRoles(roles), [entry.role]))

/** The route the router shows for a path: the first pattern that matches, else the catch-all '*'. */
export const findRoute = <Route extends { readonly path: string }>(
  routes: ReadonlyArray<Route>,
  pathname: string,
): { route: Route; params: Record<string, string | undefined> } | undefined => {
  for (const route of routes) {
    if (route.path === '*') continue
    const params = matchPath(route.path, pathname)
    if (params !== null) return { route, params }
  }
  const anything = routes.find((route) => route.path === '*')
  return anything === undefined ? undefined : { route: anything, params: {} }
}
