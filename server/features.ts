import { adminFeature } from '../plugins/admin/server/feature.ts'
import { classroomFeature } from '../plugins/classroom/server/feature.ts'
import { coursesFeature } from '../plugins/courses/server/feature.ts'
import { examsFeature } from '../plugins/exams/server/feature.ts'
import { homeworkFeature } from '../plugins/homework/server/feature.ts'
import { profileFeature } from '../plugins/profile/server/feature.ts'
import { fileURLToPath } from 'node:url'
import { FaslApi } from '../contracts/api.ts'
import type { MigrationSet } from './db/migrate.ts'
import { inDependencyOrder, type ServerFeature } from './feature.ts'
import { coreSchoolOwnedTables } from './services/tenancy.ts'

/** The server's features, one line each (their declarations: plugins/<id>/server/feature.ts), in dependency order. */
export const serverFeatures = inDependencyOrder([profileFeature, adminFeature, classroomFeature, homeworkFeature, coursesFeature, examsFeature])

/** Every table whose rows belong to one school: the core's and each feature's. */
export const schoolOwnedTablesOf = (features: ReadonlyArray<ServerFeature<never>>): ReadonlyArray<string> => [
  ...coreSchoolOwnedTables,
  ...features.flatMap((feature) => feature.ownedTables),
]

/** Those of the listed features (tests/server/support/tenancy-check.ts watches them). */
export const schoolOwnedTables = schoolOwnedTablesOf(serverFeatures)

/** The core's own migrations (schools, users, sessions, outbox, …): every feature's run after them. */
const coreMigrations: MigrationSet = { id: 'core', after: [], migrations: fileURLToPath(new URL('./migrations/', import.meta.url)) }

/** What server/db/migrate.ts runs: the core's sequence and each feature's (plugins/<id>/server/migrations/). */
export const migrationSetsOf = (features: ReadonlyArray<ServerFeature<never>>): ReadonlyArray<MigrationSet> => [coreMigrations, ...features]

/** Those of the listed features. */
export const migrationSets = migrationSetsOf(serverFeatures)

/**
 * What a server is made of: the API it serves and the features whose handlers implement its groups
 * beside the core's (server/app.ts StartOptions.composition). Fasl's is the two lists; a feature not
 * in them (tests/unit/fixtures/field-trips) is served by composing both with it.
 */
export interface ServerComposition {
  /** Made by composeApi (contracts/api.ts): the core's groups and the features'. Typed loosely: an API's type is invariant in its groups. */
  readonly api: object
  readonly features: ReadonlyArray<ServerFeature<never>>
}

/** Fasl's own. Its API's precise type (invariant in its groups) is checked against the handlers in server/app.ts. */
export const faslComposition: ServerComposition = { api: FaslApi, features: serverFeatures }
