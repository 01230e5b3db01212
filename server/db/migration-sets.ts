import { fileURLToPath } from 'node:url'
import type { MigrationSet } from './migrate.ts'

const folder = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

/**
 * The features that own tables, with their migration folders, until server/features.ts lists the
 * server features (each one is a MigrationSet) and takes this list's place.
 */
export const migrationSets: ReadonlyArray<MigrationSet> = [
  { id: 'core', after: [], migrations: folder('../migrations/') },
  { id: 'classroom', after: [], migrations: folder('../../plugins/classroom/server/migrations/') },
  { id: 'homework', after: ['classroom'], migrations: folder('../../plugins/homework/server/migrations/') },
  { id: 'courses', after: ['classroom'], migrations: folder('../../plugins/courses/server/migrations/') },
]
