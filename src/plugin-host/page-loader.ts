import type { ComponentType, ReactNode } from 'react'
import type { PageModule } from './define-plugin.ts'
import { loadOnce } from './loaded-module.ts'
import { findRoute, type RegisteredRoute } from './registry.ts'

/** The signed-in frame (side bar, dialogs, focus trap): loaded only once someone is signed in. */
export const loadSignedInFrame = (): Promise<{ readonly default: ComponentType<{ children: ReactNode }> }> => import('../layout/app-layout.tsx')

/** The first reads' addresses the page at `address` declares (PluginRoute.firstReads), for boot to ask for early. */
export const firstReadsFor = (routes: ReadonlyArray<RegisteredRoute>, address: Pick<Location, 'pathname' | 'search'>): ReadonlyArray<string> => {
  const found = findRoute(routes, address.pathname)
  return found?.route.firstReads?.({ params: found.params, query: new URLSearchParams(address.search) }) ?? []
}

/**
 * Loads the page of the address the browser opened while the shell itself loads (and, for a
 * stored session, the signed-in frame around it, and the page's first reads: PageModule.prepare),
 * so the first screen renders at once instead of through a loading state. Kept apart from the
 * router so that boot can call it before React and the rest of the shell evaluate.
 */
export const preloadPageFor = async (
  routes: ReadonlyArray<RegisteredRoute>,
  address: Pick<Location, 'pathname' | 'search'>,
  signedIn: boolean,
): Promise<void> => {
  const found = findRoute(routes, address.pathname)
  if (found === undefined) return
  const { route, params } = found
  const prepared = (page: PageModule) => (signedIn ? page.prepare?.({ params, query: new URLSearchParams(address.search) }) : null)
  await Promise.all(
    [loadOnce(route.page).then(prepared), signedIn && route.bare !== true ? loadOnce(loadSignedInFrame) : null].map((loading) =>
      loading?.catch(() => undefined),
    ),
  )
}
