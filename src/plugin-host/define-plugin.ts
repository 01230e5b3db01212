import type { ComponentType } from 'react'
import type { AnyStateMachine } from 'xstate'
import type { CallOptions } from '../api/client.ts'
import type { Locale } from '../../contracts/errors.ts'
import type { RuleMessages } from '../../contracts/validation-format.ts'
import type { CommandSpec, Declared, EventCatalogue, Projection } from '../events/types.ts'
import type { Messages } from '../i18n/intl.tsx'
import type { MessageId } from '../i18n/message-ids.ts'
import type { Extension } from './extension-point.ts'
import type { AnyRouteRef, ParamlessRouteRef } from './route-ref.ts'

/**
 * A feature's whole contribution, declared in `plugins/<id>/plugin.ts` (a short manifest, no logic).
 * Adding a feature = its folder + one line in src/plugins.ts: the router, the side bar, the
 * extension points other features own (home's cards, the class room's tabs), the message catalogue
 * and the model-based test runner all read the plugin list.
 * Everything heavy (pages, cards, machines, messages) is a lazy import, so a manifest costs the
 * first screen a few hundred bytes.
 */

/** What a page receives from the router. */
export interface PageProps {
  readonly params: Readonly<Record<string, string | undefined>>
  readonly route: PluginRoute
}

/** A page's address, as its first reads are worked out from it. */
export interface PageAddress {
  readonly params: Readonly<Record<string, string | undefined>>
  readonly query: URLSearchParams
}

export type PageModule = {
  readonly default: ComponentType<PageProps>
  /**
   * Boot calls it, on a cold load with a session stored, before the first render (waiting a little
   * for it): the page puts its first reads in the resource cache (`primeReads` with its own reads,
   * the addresses its route's `firstReads` names), so the first render draws them at once.
   */
  readonly prepare?: (address: PageAddress) => Promise<void>
}

/** One of a page's first reads (for `primeReads`): the same address, key and call the page's own `useResource` uses. */
export interface FirstRead {
  /** The API address it reads (path and query), asked for before the API client has loaded. */
  readonly path: string
  /** The page's resource key for it. */
  readonly key: ReadonlyArray<string | number>
  /** The read through the API client (boot passes the stored token; the page, nothing). */
  readonly load: (options?: CallOptions) => Promise<unknown>
}

export interface PluginRoute {
  /**
   * The route reference the page is bound to: the plugin's own (`defineRoute` in its folder, exported
   * from its public.ts when other features link to it) or one of the shell's (src/plugin-host/shell-routes.ts)
   * that this plugin's page answers. Its `path` is the router's pattern.
   */
  readonly route: AnyRouteRef
  readonly page: () => Promise<PageModule>
  /** true → signed-in users only (others go to /Signin). */
  readonly auth: boolean
  /** Every one of these must be held, or the user goes to /Error401. */
  readonly roles?: ReadonlyArray<string>
  /** Message id of the page's title (used by shared pages such as "coming soon"). */
  readonly title?: MessageId
  /** Pages drawn without the side bar and top bar even when signed in. */
  readonly bare?: boolean
  /**
   * The API addresses (path and query) of the reads the page makes first, from its own address.
   * When the browser opens the page with a session stored, boot asks for them while the shell and
   * the page's code load (src/api/early-reads.ts); the page's `prepare` then decodes them through
   * its own reads into the resource cache before the first render. Kept to plain strings: this runs
   * in the shell's first chunk. An address no call asks for is never used.
   */
  readonly firstReads?: (address: PageAddress) => ReadonlyArray<string>
}

/** A side-bar icon: any component drawing a 20px `currentColor` SVG (src/ui/icons.tsx's `Icon`). */
export type NavIcon = ComponentType

export interface NavEntry {
  readonly id: string
  /** Message id of the label (the plugin's own catalogue). */
  readonly label: MessageId
  /** Where it leads: a route reference that needs no params. */
  readonly route: ParamlessRouteRef
  /** The role that makes this entry visible (spec §6 side bar). */
  readonly role: string
  /** Contributed by the plugin; the shell knows no icon by name. */
  readonly icon: NavIcon
  readonly order: number
  /** The feature is not built yet (its page says "coming soon"): the side bar marks the entry. */
  readonly coming?: boolean
}

/**
 * A locale bundle per language, loaded when that language is first shown on a signed-in page
 * (English is the typed set, src/i18n/message-ids.ts). A plugin with pages for signed-out visitors
 * keeps its bundles in `locales/signed-out/`: those are all a signed-out page loads (vite.config.ts).
 */
export type LocaleBundles = { readonly [L in Locale]: () => Promise<{ readonly default: Messages }> }

/**
 * The feature's state machines by id, loaded on demand (they are not needed to draw the side bar).
 * The model-based browser runner (tests/e2e/support/model-runner.ts) finds them here.
 */
export type MachineLoaders = Readonly<Record<string, () => Promise<AnyStateMachine>>>

/** One file of a feature's rule messages, loaded lazily. */
export type RuleMessagesLoader = () => Promise<{ readonly default: RuleMessages }>

/** Every rule-message file a plugin declares, as a list. */
export const ruleMessageLoaders = (plugin: Pick<Plugin, 'ruleMessages'>): ReadonlyArray<RuleMessagesLoader> =>
  plugin.ruleMessages === undefined ? [] : typeof plugin.ruleMessages === 'function' ? [plugin.ruleMessages] : plugin.ruleMessages

export interface Plugin {
  readonly id: string
  readonly routes: ReadonlyArray<PluginRoute>
  readonly nav: ReadonlyArray<NavEntry>
  readonly machines: MachineLoaders
  readonly messages: LocaleBundles
  /**
   * The texts of the feature's own validation rules (its `contract/validation-messages.json`, or one
   * file per part of a large feature), loaded with its locale bundles once someone signs in
   * (src/forms/issue-messages.ts words issues with them).
   */
  readonly ruleMessages?: RuleMessagesLoader | ReadonlyArray<RuleMessagesLoader>
  /** What it contributes to other features' extension points (a home card, a class-room tab), each naming the point it fills. */
  readonly extensions: ReadonlyArray<Extension>
  /** Versioned event schemas (with upcasters from older versions), for the event store; lazy keeps them off the sign-in page. */
  readonly events?: Declared<EventCatalogue>
  /** Pure reducers over the log, each with its own id. */
  readonly projections?: Declared<ReadonlyArray<Projection>>
  /** Events the outbox delivers, each with the contract call that delivers it. */
  readonly commands?: Declared<ReadonlyArray<CommandSpec>>
}

export type PluginInput = Pick<Plugin, 'id' | 'routes' | 'messages'> &
  Partial<Pick<Plugin, 'nav' | 'machines' | 'extensions' | 'events' | 'projections' | 'commands' | 'ruleMessages'>>

/** A feature's declaration; `plugins/<id>/plugin.ts` default-exports its result. */
export const definePlugin = (input: PluginInput): Plugin => ({
  nav: [],
  machines: {},
  extensions: [],
  ...input,
})
