import { effectiveRoles, holdsAllRoles } from '../../contracts/roles.ts'

/** The role rules live in contracts (the server checks endpoints with the same ones). */
export { effectiveRoles, holdsAllRoles }

export type Access = { readonly kind: 'allow' } | { readonly kind: 'redirect'; readonly to: string } | { readonly kind: 'wait' }

export interface GuardInput {
  readonly auth: boolean
  readonly roles?: ReadonlyArray<string> | undefined
}

export interface SessionView {
  /** 'pending' while signing in or refreshing with no decision yet. */
  readonly status: 'signedIn' | 'signedOut' | 'pending'
  readonly roles: ReadonlyArray<string>
}

/** The route guard: unauthenticated → /Signin, a missing required role → /Error401. */
export const decideAccess = (route: GuardInput, session: SessionView, paths: { signIn: string; unauthorized: string }): Access => {
  if (!route.auth) return { kind: 'allow' }
  if (session.status === 'pending') return { kind: 'wait' }
  if (session.status === 'signedOut') return { kind: 'redirect', to: paths.signIn }
  return holdsAllRoles(effectiveRoles(session.roles), route.roles) ? { kind: 'allow' } : { kind: 'redirect', to: paths.unauthorized }
}
