import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react'
import { Redirect, Route, Router, Switch } from 'wouter'
import { sharedRoutes } from '../app/route-refs.ts'
import { registry } from '../app/registry.ts'
import { useT } from '../i18n/intl.tsx'
import { PublicFrame } from '../layout/public-frame.tsx'
import { useSession } from '../session/session-provider.tsx'
import { LoadingBlock } from '../ui/spinner.tsx'
import type { PageProps, PluginRoute } from './define-plugin.ts'
import type { RegisteredRoute } from './registry.ts'
import { loadedPageOf } from './page-loader.ts'
import { caseInsensitiveParser } from './path-parser.ts'
import { decideAccess } from './roles.ts'
import { PageErrorBoundary } from './page-error-boundary.tsx'

/** The signed-in frame (side bar, dialogs, focus trap) loads only once someone is signed in. */
const AppLayout = lazy(() => import('../layout/app-layout.tsx'))

const lazyPages = new Map<PluginRoute['page'], LazyExoticComponent<ComponentType<PageProps>>>()

const pageOf = (route: PluginRoute): ComponentType<PageProps> => {
  const loaded = loadedPageOf(route)
  if (loaded !== undefined) return loaded
  let page = lazyPages.get(route.page)
  if (page === undefined) {
    page = lazy(route.page)
    lazyPages.set(route.page, page)
  }
  return page
}

function Guarded({ route, params }: { route: RegisteredRoute; params: Record<string, string | undefined> }) {
  const session = useSession()
  const t = useT()
  const access = decideAccess(route, session, { signIn: sharedRoutes.signIn.link(), unauthorized: sharedRoutes.unauthorized.link() })
  const Page = useMemo(() => pageOf(route), [route])
  const appName = t('shell.app.name')
  const title = route.title ? t(route.title) : null
  // A route without a title (the class room) names the tab itself with usePageTitle; child effects
  // run first, so the router must not overwrite it.
  useEffect(() => {
    if (title !== null || route.path === '*') document.title = title ? `${title} · ${appName}` : appName
  }, [title, appName, route.path])
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />
  const Frame = session.status === 'signedIn' && !route.bare ? AppLayout : PublicFrame
  return (
    <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
      <Frame>
        {access.kind === 'wait' ? (
          <LoadingBlock label={t('shell.common.loading')} />
        ) : (
          <PageErrorBoundary>
            <Suspense fallback={<LoadingBlock label={t('shell.common.loading')} />}>
              <Page params={params} route={route} />
            </Suspense>
          </PageErrorBoundary>
        )}
      </Frame>
    </Suspense>
  )
}

/** The router built from the plugins' routes; a route matching nothing shows the errors plugin's 404 page. */
export function AppRouter() {
  const notFound = registry.routes.find((route) => route.path === '*')
  return (
    <Router parser={caseInsensitiveParser}>
      <Switch>
        {registry.routes
          .filter((route) => route.path !== '*')
          .map((route) => (
            <Route key={`${route.pluginId}:${route.path}`} path={route.path}>
              {(params) => <Guarded route={route} params={params as Record<string, string | undefined>} />}
            </Route>
          ))}
        {notFound ? <Route>{() => <Guarded route={notFound} params={{}} />}</Route> : null}
      </Switch>
    </Router>
  )
}
