import type { ComponentType } from 'react'
import { registry } from '../app/registry.ts'
import type { PageProps, PluginRoute } from './define-plugin.ts'
import { findRoute } from './registry.ts'

const loadedPages = new Map<PluginRoute['page'], ComponentType<PageProps>>()

/**
 * Loads the page of the address the browser opened while the shell itself loads, so the first
 * screen renders at once instead of through a loading fallback (React holds a fallback for a
 * moment before revealing what replaces it, which would delay the first meaningful paint).
 * Kept apart from the router so that boot can call it before React and the rest of the shell evaluate.
 */
export const preloadPageFor = async (pathname: string): Promise<void> => {
  const route = findRoute(registry.routes, pathname)?.route
  if (route === undefined || loadedPages.has(route.page)) return
  const module = await route.page().catch(() => null)
  if (module !== null) loadedPages.set(route.page, module.default)
}

/** The page's component when its code has already arrived, so it renders without a Suspense fallback. */
export const loadedPageOf = (route: PluginRoute): ComponentType<PageProps> | undefined => loadedPages.get(route.page)
