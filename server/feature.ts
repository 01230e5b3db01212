import type { Layer } from 'effect'
import type { HttpApiGroup } from 'effect/http-api'
import type { DbClient, Queryable, TransactionQueryable } from './db/db.ts'
import type { DomainEventSubscriber } from './events/delivery.ts'
import type { FileStoreService } from './services/file-store.ts'
import type { ServerUploadPurpose } from './uploads/upload-purposes.ts'

/** The demo school's staff accounts the core seeds (server/seed/demo.ts). */
export type DemoStaff = 'admin' | 'teacher' | 'teacher2' | 'supervisor'

/** What a feature's part of the demo school is written with: the seed's transaction, after the core's school and staff. */
export interface DemoSchool {
  readonly tx: TransactionQueryable
  readonly schoolId: number
  /** The staff accounts' user ids. */
  readonly staff: Readonly<Record<DemoStaff, string>>
  /** The argon2 hash of a demo password (server/seed/demo.ts demoAccounts), hashed once for the whole seed. */
  readonly passwordHash: (password: string) => string
}

/**
 * A feature's server part, declared in plugins/<id>/server/feature.ts and listed once in
 * server/features.ts. The core composes the server from these: the handlers (server/app.ts), the
 * school-owned tables the tenancy check watches (server/services/tenancy.ts), housekeeping of
 * uploads nothing lists, and the demo school (server/seed/demo.ts).
 *
 * `Groups` names the API groups (contracts/api.ts) its handlers implement. A declaration is written
 * `{ … } satisfies ServerFeature<'its' | 'groups'>`, so its precise type (the services its handlers
 * require, the groups they provide) reaches server/app.ts, where the typecheck fails when a group of
 * the API has no handler or a handler requires a service nobody provides.
 */
export interface ServerFeature<Groups extends string = string> {
  /** The plugin folder's name: 'homework' for plugins/homework. */
  readonly id: string
  /** The features whose tables this one's reference ('core' is implicit): their migrations and seeds run first. */
  readonly after: ReadonlyArray<string>
  /** The absolute folder of its own NNNN_name.sql migrations (server/db/migrate.ts); unset when it owns no tables. */
  readonly migrations?: string
  /** The tables it owns, each with a `school_id`: every statement a caller's request makes on them binds her school. */
  readonly ownedTables: ReadonlyArray<string>
  /** Its HttpApi groups' handlers, as one Layer. */
  readonly handlers: Layer.Layer<HttpApiGroup.Service<'fasl', Groups>, never, unknown>
  /** The purposes its uploads are for (server/uploads/upload-purposes.ts): what upload-limits.ts checks them by. */
  readonly uploadPurposes?: ReadonlyArray<ServerUploadPurpose>
  /**
   * Housekeeping (server/uploads/prune-unlisted.ts): deletes, in every school, the rows of its
   * uploads that nothing lists and that were made before `cutoff` (ISO time), answering their file
   * keys for the core to delete from the FileStore.
   */
  readonly pruneUnlistedUploads?: (db: DbClient, cutoff: string) => Promise<ReadonlyArray<string>>
  /** Its part of the demo school, written in the seed's one transaction after the features it comes after. */
  readonly seedDemo?: (demo: DemoSchool) => Promise<void>
  /**
   * At start: writes into the FileStore any file its demo rows name that is not there yet (the
   * seeded database template the tests share carries no files). Answers how many it wrote.
   */
  readonly ensureDemoFiles?: (db: Queryable, store: FileStoreService) => Promise<number>
  /** Readers of the domain events any feature records (server/events/): each handed every event once it occurs, every housekeeping round. */
  readonly domainEventSubscribers?: ReadonlyArray<DomainEventSubscriber>
}

/**
 * The features as listed, after checking that each comes after those it names in `after` (so
 * their migrations and seeds can run in list order); a misordered or unknown name fails at start.
 */
export const inDependencyOrder = <const Features extends ReadonlyArray<ServerFeature<never>>>(features: Features): Features => {
  const seen = new Set(['core'])
  for (const feature of features) {
    const missing = feature.after.filter((id) => !seen.has(id))
    if (missing.length > 0) throw new Error(`server feature ${feature.id} is listed before ${missing.join(', ')}, which it comes after`)
    if (seen.has(feature.id)) throw new Error(`server feature ${feature.id} is listed twice`)
    seen.add(feature.id)
  }
  return features
}
