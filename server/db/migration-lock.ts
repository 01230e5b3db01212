import type { TransactionQueryable } from './db.ts'

/**
 * Several processes may start at once on one PostgreSQL (a cluster's workers, two servers): each
 * transaction that changes the schema first takes this advisory lock, held until it commits, so
 * one process applies a file and the others wait and then find it applied. The key is per schema
 * (tests run side by side in schemas of their own); PGlite has one connection and takes it at once.
 */
export const lockMigrations = (tx: TransactionQueryable) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('fasl migrations ' || current_schema()))`)
