import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'
import { lockMigrations } from './migration-lock.ts'

/**
 * Before each feature kept its own migrations, one sequence (0001–0015, recorded by file name in
 * schema_migrations) built every table. Those files are kept here, frozen: never edit them.
 */
export const legacyMigrationsDir = fileURLToPath(new URL('./legacy-migrations/', import.meta.url))

/**
 * The per-feature files whose tables are exactly what the whole single sequence built: each
 * feature's 0001 baseline. History, not composition: these ids are the features that existed then.
 */
export const singleSequenceBaselines: ReadonlyArray<{ readonly feature: string; readonly number: number; readonly name: string }> = [
  { feature: 'core', number: 1, name: '0001_baseline.sql' },
  { feature: 'classroom', number: 1, name: '0001_baseline.sql' },
  { feature: 'homework', number: 1, name: '0001_baseline.sql' },
  { feature: 'courses', number: 1, name: '0001_baseline.sql' },
]

const legacyFiles = () =>
  readdirSync(legacyMigrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()

/**
 * Upgrades a database built by the single sequence in place, once: the files of it the database
 * misses (an install last started before the sequence's end) are applied as they were then, each in
 * its own transaction under the lock; then the baselines are recorded as applied, without running
 * them, and each feature's later files run as usual. schema_migrations stays, as the record of how
 * the database was built. A new database (no schema_migrations) has nothing to upgrade. Answers
 * the single sequence's files it applied.
 */
export const upgradeSingleSequence = async (db: Db): Promise<ReadonlyArray<string>> => {
  const [found] = await db.query<{ legacy: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS legacy`)
  if (found?.legacy !== true) return []
  const [baseline] = singleSequenceBaselines
  if ((await db.query('SELECT 1 FROM feature_migrations WHERE feature = $1 AND number = $2', [baseline!.feature, baseline!.number])).length > 0) return []
  const files = legacyFiles()
  const recorded = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name))
  const unknown = [...recorded].filter((name) => !files.includes(name))
  if (unknown.length > 0)
    throw new Error(
      `Migrations: schema_migrations records ${unknown.join(', ')}, which the single sequence of migrations (server/db/legacy-migrations/) never had. ` +
        'This database was built by another version of Fasl: start that version on it, or restore a backup made by this one.',
    )
  const applied: string[] = []
  for (const file of files) {
    if (recorded.has(file)) continue
    const sql = readFileSync(join(legacyMigrationsDir, file), 'utf8')
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx)
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])).length > 0) return false
      await tx.script(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
      return true
    })
    if (ran) applied.push(file)
  }
  await db.transaction(async (tx) => {
    await lockMigrations(tx)
    for (const { feature, number, name } of singleSequenceBaselines)
      await tx.query('INSERT INTO feature_migrations (feature, number, name) VALUES ($1, $2, $3) ON CONFLICT (feature, number) DO NOTHING', [
        feature,
        number,
        name,
      ])
  })
  return applied
}
