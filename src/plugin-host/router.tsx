import { Suspense, useEffect } from 'react'
import { Redirect, Route, Router, Switch } from 'wouter'
import { shellRoutes } from './shell-routes.ts'
import { useT } from '../i18n/intl.tsx'
import { PublicFrame } from '../layout/public-frame.tsx'
import { useSession } from '../session/session-provider.tsx'
import { LoadingBlock } from '../ui/spinner.tsx'
import type { RegisteredRoute } from './registry.ts'
import { useRegistry } from './registry-context.tsx'
import { useLoaded } from './loaded-module.ts'
import { loadSignedInFrame } from './page-loader.ts'
import { caseInsensitiveParser } from './path-parser.ts'
import { decideAccess } from './roles.ts'
import { PageErrorBoundary, PageFailed } from './page-error-boundary.tsx'

function Guarded({ route, params }: { route: RegisteredRoute; params: Record<string, string | undefined> }) {
  const session = useSession()
  const t = useT()
  const access = decideAccess(route, session, { signIn: shellRoutes.signIn.link(), unauthorized: shellRoutes.unauthorized.link() })
  const signedInFrame = session.status === 'signedIn' && !route.bare
  // The page's code and the frame's travel together (boot has usually brought both already).
  const page = useLoaded(access.kind === 'redirect' ? null : route.page)
  const frame = useLoaded(signedInFrame ? loadSignedInFrame : null)
  const appName = t('shell.app.name')
  const title = route.title ? t('shell.app.pageTitle', { page: t(route.title), app: appName }) : null
  // A route without a title (the class room) names the tab itself with usePageTitle; child effects
  // run first, so the router must not overwrite it. A route being left for another (signed out at
  // home) names nothing: its messages may not be loaded, and the next route names the tab.
  const redirecting = access.kind === 'redirect'
  useEffect(() => {
    if (redirecting) return
    if (title !== null || route.path === '*') document.title = title ?? appName
  }, [title, appName, route.path, redirecting])
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />
  const loading = <LoadingBlock label={t('shell.common.loading')} />
  if (frame.status === 'failed') return <PageFailed onRetry={frame.retry} />
  if (signedInFrame && frame.status === 'loading') return loading
  const Frame = frame.status === 'ready' ? frame.value.default : PublicFrame
  const Page = page.status === 'ready' ? page.value.default : null
  // The Suspense boundaries only catch what suspends inside the frame or a page (their own code is state, above).
  return (
    <Suspense fallback={loading}>
      <Frame>
        {access.kind === 'wait' ? (
          loading
        ) : page.status === 'failed' ? (
          <PageFailed onRetry={page.retry} />
        ) : Page === null ? (
          loading
        ) : (
          <PageErrorBoundary>
            <Suspense fallback={loading}>
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
  const registry = useRegistry()
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
