import { defaultStudentRoles, defaultTeacherRoles } from './settings.ts'

/**
 * The spec's teacher roles (its side bar, section 6), each named by an endpoint group that needs it,
 * and the supervising corrector's (spec §6), which is given to a teacher, never a default.
 */
export type TeacherRole = (typeof defaultTeacherRoles)[number] | 'SuperCorrector'

/**
 * Effective roles: the login's roles, or, when that list is empty, the defaults of the user's type:
 * a student's (what features declare for students), else the teacher's (spec §6). The client's
 * route guard and the server's endpoint check both read roles through this one rule.
 */
export const effectiveRoles = (roles: ReadonlyArray<string> | null | undefined, userType?: string | null): ReadonlyArray<string> => {
  if (roles !== null && roles !== undefined && roles.length > 0) return roles
  return userType === 'Student' ? defaultStudentRoles : defaultTeacherRoles
}

const lowerCased = (held: ReadonlyArray<string>) => new Set(held.map((role) => role.toLowerCase()))

/** A route's required roles must all be held (spec §6); role names compare case-insensitively. */
export const holdsAllRoles = (held: ReadonlyArray<string>, required: ReadonlyArray<string> | undefined): boolean => {
  if (required === undefined || required.length === 0) return true
  const have = lowerCased(held)
  return required.every((role) => have.has(role.toLowerCase()))
}

/** One of `wanted` is held (an endpoint that serves the pages of several roles); case-insensitive. */
export const holdsAnyRole = (held: ReadonlyArray<string>, wanted: ReadonlyArray<string>): boolean => {
  const have = lowerCased(held)
  return wanted.some((role) => have.has(role.toLowerCase()))
}
