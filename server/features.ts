import { adminFeature } from '../plugins/admin/server/feature.ts'
import { classroomFeature } from '../plugins/classroom/server/feature.ts'
import { coursesFeature } from '../plugins/courses/server/feature.ts'
import { homeworkFeature } from '../plugins/homework/server/feature.ts'
import { profileFeature } from '../plugins/profile/server/feature.ts'
import { fileURLToPath } from 'node:url'
import type { MigrationSet } from './db/migrate.ts'
import { inDependencyOrder } from './feature.ts'
import { coreSchoolOwnedTables } from './services/tenancy.ts'

/** The server's features, one line each (their declarations: plugins/<id>/server/feature.ts), in dependency order. */
export const serverFeatures = inDependencyOrder([profileFeature, adminFeature, classroomFeature, homeworkFeature, coursesFeature])

/** Every table whose rows belong to one school: the core's and each feature's (tests/server/support/tenancy-check.ts watches them). */
export const schoolOwnedTables: ReadonlyArray<string> = [...coreSchoolOwnedTables, ...serverFeatures.flatMap((feature) => feature.ownedTables)]

/** The core's own migrations (schools, users, sessions, outbox, …): every feature's run after them. */
const coreMigrations: MigrationSet = { id: 'core', after: [], migrations: fileURLToPath(new URL('./migrations/', import.meta.url)) }

/** What server/db/migrate.ts runs: the core's sequence and each feature's (plugins/<id>/server/migrations/). */
export const migrationSets: ReadonlyArray<MigrationSet> = [coreMigrations, ...serverFeatures]
