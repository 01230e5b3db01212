import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { holdsAllRoles } from '../../../contracts/roles.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useSession } from '../../../src/session/session-provider.tsx'

/**
 * `/courses` and a course's page are one address for a teacher and her students (a link she shares
 * opens for them too): a student gets her reading side, a holder of the Courses role (spec §6) the
 * teacher's, anyone else the 401 page the route guard would show. The guard cannot say "either
 * role" (a route's roles must all be held), so these two routes check here instead.
 */
export function ByRole({ student, teacher }: { readonly student: () => ReactNode; readonly teacher: () => ReactNode }) {
  const { roles } = useSession()
  if (holdsAllRoles(roles, ['Student'])) return student()
  if (holdsAllRoles(roles, ['Courses'])) return teacher()
  return <Redirect to={shellRoutes.unauthorized.link()} replace />
}
