import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db, TransactionQueryable } from './db.ts'

const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url))

/**
 * Several processes may start at once on one PostgreSQL (a cluster's workers, two servers): each
 * transaction that changes the schema first takes this advisory lock, held until it commits, so
 * one process applies a file and the others wait and then find it applied. The key is per schema
 * (tests run side by side in schemas of their own); PGlite has one connection and takes it at once.
 */
const lockMigrations = (tx: TransactionQueryable) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('fasl migrations ' || current_schema()))`)

const appliedNames = async (db: Db) => new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name))

/**
 * Applies the plain-SQL migrations of `dir` in file-name order, each once, each whole (one simple
 * query: a `;` inside a string or a DO $$ … $$ block is not a statement's end) in its own
 * transaction with its record in schema_migrations. Answers the files it applied.
 */
export const migrate = async (db: Db, dir: string = migrationsDir): Promise<ReadonlyArray<string>> => {
  await db.transaction(async (tx) => {
    await lockMigrations(tx)
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  })
  const done = await appliedNames(db)
  const applied: string[] = []
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    if (done.has(file)) continue
    const sql = readFileSync(join(dir, file), 'utf8')
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx)
      // Another process may have applied it while this one waited for the lock.
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])).length > 0) return false
      await tx.script(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}
