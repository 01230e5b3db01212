/**
 * Extension points, as Backstage's extension inputs: the feature that owns a place in its pages (the
 * class room's tabs, home's cards) declares a point in its `public.ts`; another feature contributes
 * to it by reference, naming the point in its manifest (`extensions: [contribute(point, value)]`).
 * The owner reads what was contributed through the registry (`useContributions(point)`), so neither
 * imports the other's pages and the shell knows neither point by name.
 */
export interface ExtensionPoint<Contribution> {
  readonly id: string
  /** What may be contributed only once (a tab's id): two contributions with one key fail the app's start, naming both plugins. */
  readonly keyOf?: (contribution: Contribution) => string
  /** Never set: carries the contribution's type from the declaration to `contribute` and the reader. */
  readonly contribution?: (value: Contribution) => void
}

/** `id` names the point in error messages and must be unique in the app (`<owner>.<place>`). */
export const defineExtensionPoint = <Contribution>(id: string, keyOf?: (contribution: Contribution) => string): ExtensionPoint<Contribution> => ({ id, keyOf })

/** One contribution to a point, as a manifest lists it. */
export interface Extension {
  /** Any point (its contribution's type is checked by `contribute`). */
  readonly point: ExtensionPoint<never>
  readonly value: unknown
}

export const contribute = <Contribution>(point: ExtensionPoint<Contribution>, value: Contribution): Extension => ({ point, value })

/** A contribution as its point's owner reads it: with the id of the plugin that made it. */
export type Contributed<Contribution> = Contribution & { readonly pluginId: string }
