import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from './db.ts'
import { upgradeSingleSequence } from './legacy-migrations.ts'
import { lockMigrations } from './migration-lock.ts'

/** What the runner needs of a feature (a ServerFeature is one): its id, the ids it runs after, its folder of NNNN_name.sql files. */
export interface MigrationSet {
  readonly id: string
  /** The features whose tables this one's reference ('core' is implicit). */
  readonly after: ReadonlyArray<string>
  /** Absolute folder of its migration files; none when the feature owns no tables. */
  readonly migrations?: string
}

/** The core's tables (schools, users, …) come before every feature's, which may all refer to them. */
export const coreId = 'core'

/**
 * The sets in the order their migrations run: the core first, then each feature after those it
 * names in `after` (among features free to go, in the order given, so the order is stable). Fails
 * on a repeated id, an `after` naming no feature in the list, or a cycle, naming it.
 */
export const migrationOrder = <S extends MigrationSet>(sets: ReadonlyArray<S>): ReadonlyArray<S> => {
  const byId = new Map<string, S>()
  for (const set of sets) {
    if (byId.has(set.id)) throw new Error(`Migrations: two features have the id '${set.id}'.`)
    byId.set(set.id, set)
  }
  for (const set of sets)
    for (const id of set.after) if (!byId.has(id)) throw new Error(`Migrations: feature '${set.id}' runs after '${id}', which is not in the feature list.`)
  const prerequisites = (set: S) => (set.id !== coreId && byId.has(coreId) ? [coreId, ...set.after] : set.after)
  const ordered: S[] = []
  const placed = new Set<string>()
  while (ordered.length < sets.length) {
    const next = sets.find((set) => !placed.has(set.id) && prerequisites(set).every((id) => placed.has(id)))
    if (next === undefined) {
      // Every set left waits on another set left: walking from any of them along those waits comes
      // back to a set already met, and the walk from there is the cycle.
      const waiting = (id: string) => prerequisites(byId.get(id)!).find((other) => !placed.has(other))!
      const path: string[] = []
      let id = sets.find((set) => !placed.has(set.id))!.id
      while (!path.includes(id)) {
        path.push(id)
        id = waiting(id)
      }
      const cycle = [...path.slice(path.indexOf(id)), id]
      throw new Error(`Migrations: the features' \`after\` lists form a cycle: ${cycle.join(' → ')}.`)
    }
    ordered.push(next)
    placed.add(next.id)
  }
  return ordered
}

interface MigrationFile {
  readonly feature: string
  readonly number: number
  readonly name: string
  readonly path: string
}

const fileName = /^(\d+)_[^/]+\.sql$/

/** A feature's files in number order; a .sql file without its number, or two with one number, is a mistake worth stopping for. */
const migrationFiles = (set: MigrationSet): ReadonlyArray<MigrationFile> => {
  if (set.migrations === undefined) return []
  const dir = set.migrations
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const number = fileName.exec(name)?.[1]
      if (number === undefined) throw new Error(`Migrations: ${join(dir, name)} is not named NNNN_name.sql.`)
      return { feature: set.id, number: Number(number), name, path: join(dir, name) }
    })
    .sort((a, b) => a.number - b.number)
  files.forEach((file, index) => {
    if (index > 0 && files[index - 1]!.number === file.number)
      throw new Error(`Migrations: ${files[index - 1]!.name} and ${file.name} of '${set.id}' have one number.`)
  })
  return files
}

const appliedKeys = async (db: Db) =>
  new Set((await db.query<{ feature: string; number: number }>('SELECT feature, number FROM feature_migrations')).map((row) => `${row.feature}/${row.number}`))

/**
 * Applies each feature's plain-SQL migrations, features in `migrationOrder`, each feature's files in
 * number order, each file once, whole (one simple query: a `;` inside a string or a DO $$ … $$ block
 * is not a statement's end) in its own transaction under the advisory lock, with its record in
 * feature_migrations keyed by feature and number. A database built by the single sequence of
 * before is brought up to it and recorded first (legacy-migrations.ts). Answers the files it applied,
 * as feature/name.
 */
export const migrate = async (db: Db, sets: ReadonlyArray<MigrationSet>): Promise<ReadonlyArray<string>> => {
  const files = migrationOrder(sets).flatMap(migrationFiles)
  await db.transaction(async (tx) => {
    await lockMigrations(tx)
    await tx.query(
      `CREATE TABLE IF NOT EXISTS feature_migrations (
         feature text NOT NULL,
         number integer NOT NULL,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (feature, number)
       )`,
    )
  })
  const upgraded = await upgradeSingleSequence(db)
  const done = await appliedKeys(db)
  const applied = upgraded.map((name) => `single-sequence/${name}`)
  for (const file of files) {
    if (done.has(`${file.feature}/${file.number}`)) continue
    const sql = readFileSync(file.path, 'utf8')
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx)
      // Another process may have applied it while this one waited for the lock.
      if ((await tx.query('SELECT 1 FROM feature_migrations WHERE feature = $1 AND number = $2', [file.feature, file.number])).length > 0) return false
      await tx.script(sql)
      await tx.query('INSERT INTO feature_migrations (feature, number, name) VALUES ($1, $2, $3)', [file.feature, file.number, file.name])
      return true
    })
    if (ran) applied.push(`${file.feature}/${file.name}`)
  }
  return applied
}
