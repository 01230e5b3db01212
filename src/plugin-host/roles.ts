import { defaultStudentRoles, defaultTeacherRoles } from '../../contracts/settings.ts'

/**
 * Effective roles: the login's roles, or, when that list is empty, the defaults of the user's type:
 * a student's (what features declare for students), else the teacher's (spec §6).
 */
export const effectiveRoles = (roles: ReadonlyArray<string> | null | undefined, userType?: string | null): ReadonlyArray<string> => {
  if (roles !== null && roles !== undefined && roles.length > 0) return roles
  return userType === 'Student' ? defaultStudentRoles : defaultTeacherRoles
}

/** A route's required roles must all be held (spec §6); role names compare case-insensitively. */
export const holdsAllRoles = (held: ReadonlyArray<string>, required: ReadonlyArray<string> | undefined): boolean => {
  if (required === undefined || required.length === 0) return true
  const have = new Set(held.map((role) => role.toLowerCase()))
  return required.every((role) => have.has(role.toLowerCase()))
}

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
