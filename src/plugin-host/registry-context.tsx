import { createContext, useContext } from 'react'
import type { Contributed, ExtensionPoint } from './extension-point.ts'
import type { Registry } from './registry.ts'

/**
 * The app's registry, provided by boot (src/app/app.tsx) to the router, the frame and the pages: they
 * read it here instead of importing the composition root, which imports every plugin and so every
 * page (an import circle through src/app/registry.ts before).
 */
const RegistryContext = createContext<Registry | null>(null)

export const RegistryProvider = RegistryContext.Provider

export const useRegistry = (): Registry => {
  const registry = useContext(RegistryContext)
  // src/app/app.tsx provides it around everything (the message stays short: this is the sign-in page's code).
  if (registry === null) throw new Error('No RegistryProvider')
  return registry
}

/** What the plugins contribute to one of this feature's extension points. */
export const useContributions = <Contribution,>(point: ExtensionPoint<Contribution>): ReadonlyArray<Contributed<Contribution>> =>
  useRegistry().contributions(point)
