import { callApi } from '../../../src/api/client.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { useResource } from '../../../src/resources/resource.ts'

/** The exam settings are an admin's (the server refuses anyone else with 403): the page and the home card ask this first. */
export const useIsSchoolAdmin = (): boolean => {
  const { session } = useSession()
  return session?.userType === 'Admin' || session?.userType === 'SuperAdmin'
}

/** The school's exam settings, read afresh whenever a page showing them mounts; nothing is read for anyone but an admin. */
export const useSchoolExamSettings = (isAdmin: boolean) =>
  useResource(isAdmin ? ['schoolExamSettings'] : null, () => callApi((c) => c.examSettings.schoolExamSettings()), { freshOnMount: true })
