import { adminFeature } from '../plugins/admin/server/feature.ts'
import { classroomFeature } from '../plugins/classroom/server/feature.ts'
import { coursesFeature } from '../plugins/courses/server/feature.ts'
import { homeworkFeature } from '../plugins/homework/server/feature.ts'
import { profileFeature } from '../plugins/profile/server/feature.ts'
import { inDependencyOrder } from './feature.ts'
import { coreSchoolOwnedTables } from './services/tenancy.ts'

/** The server's features, one line each (their declarations: plugins/<id>/server/feature.ts), in dependency order. */
export const serverFeatures = inDependencyOrder([profileFeature, adminFeature, classroomFeature, homeworkFeature, coursesFeature])

/** Every table whose rows belong to one school: the core's and each feature's (tests/server/support/tenancy-check.ts watches them). */
export const schoolOwnedTables: ReadonlyArray<string> = [...coreSchoolOwnedTables, ...serverFeatures.flatMap((feature) => feature.ownedTables)]
