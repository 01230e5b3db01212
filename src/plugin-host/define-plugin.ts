import type { ComponentType } from 'react'
import type { AnyStateMachine } from 'xstate'
import type { Catalogue } from '../i18n/intl.tsx'

/** What a page receives from the router. */
export interface PageProps {
  readonly params: Readonly<Record<string, string | undefined>>
  readonly route: PluginRoute
}

export type PageModule = { readonly default: ComponentType<PageProps> }

export interface PluginRoute {
  /** A path pattern from `paths` in src/app/routes.ts (wouter syntax, matched case-insensitively). */
  readonly path: string
  readonly page: () => Promise<PageModule>
  /** true → signed-in users only (others go to /Signin). */
  readonly auth: boolean
  /** Every one of these must be held, or the user goes to /Error401. */
  readonly roles?: ReadonlyArray<string>
  /** Message id of the page's title (used by shared pages such as "coming soon"). */
  readonly title?: string
  /** Pages drawn without the side bar and top bar even when signed in. */
  readonly bare?: boolean
}

export interface NavEntry {
  readonly id: string
  /** Message id of the label. */
  readonly label: string
  /** A named route reference's result, e.g. routes.exams(). */
  readonly to: string
  /** The role that makes this entry visible (spec §6 side bar). */
  readonly role: string
  readonly icon: IconName
  readonly order: number
}

export type IconName = 'home' | 'courses' | 'assignments' | 'exams' | 'results' | 'schedule' | 'messages' | 'settings'

/** Extension point: a card on the home page, contributed by any feature. */
export interface HomeCard {
  readonly id: string
  readonly order: number
  readonly roles?: ReadonlyArray<string>
  readonly component: () => Promise<{ readonly default: ComponentType }>
}

export interface Plugin {
  readonly id: string
  readonly routes: ReadonlyArray<PluginRoute>
  readonly nav: ReadonlyArray<NavEntry>
  readonly machines: Readonly<Record<string, AnyStateMachine>>
  readonly messages: Catalogue
  readonly homeCards: ReadonlyArray<HomeCard>
}

export type PluginInput = Pick<Plugin, 'id' | 'routes' | 'messages'> & Partial<Pick<Plugin, 'nav' | 'machines' | 'homeCards'>>

/** A feature's declaration; `plugins/<id>/plugin.ts` default-exports its result. */
export const definePlugin = (input: PluginInput): Plugin => ({
  nav: [],
  machines: {},
  homeCards: [],
  ...input,
})
