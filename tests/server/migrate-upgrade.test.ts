import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db.ts'
import { legacyMigrationsDir } from '../../server/db/legacy-migrations.ts'
import { migrate } from '../../server/db/migrate.ts'
import { migrationSets } from '../../server/features.ts'
import { migrationEngines, type EmptyDatabase } from './support/migration-databases.ts'

const legacyFiles = readdirSync(legacyMigrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .sort()

/** What the server before per-feature migrations did at start: the single sequence, by file name, into schema_migrations. */
const migrateSingleSequence = async (db: Db, files: ReadonlyArray<string> = legacyFiles) => {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  for (const file of files)
    await db.transaction(async (tx) => {
      await tx.script(readFileSync(join(legacyMigrationsDir, file), 'utf8'))
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
    })
}

/** The migrations' own records differ by how a database was built; the schema they describe must not. */
const bookkeeping = `('schema_migrations', 'feature_migrations')`

/**
 * The schema of the connection's current schema as the catalogue describes it: relations (tables,
 * sequences, row security), columns (type, default, NOT NULL, order), constraints (primary and
 * unique keys, CHECKs, foreign keys with their actions), indexes (partial and expression ones in
 * full) and row-security policies. Names only, never OIDs; the schema's own name is left out.
 */
const catalogue = async (db: Db) => ({
  relations: await db.query(
    `SELECT c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND c.relname NOT IN ${bookkeeping}
      ORDER BY c.relname`,
  ),
  columns: await db.query(
    `SELECT table_name, ordinal_position, column_name, data_type, udt_name, column_default, is_nullable, is_identity, is_generated
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name NOT IN ${bookkeeping}
      ORDER BY table_name, ordinal_position`,
  ),
  constraints: await db.query(
    `SELECT r.relname AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition, c.condeferrable, c.convalidated
       FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE n.nspname = current_schema() AND r.relname NOT IN ${bookkeeping}
      ORDER BY r.relname, c.conname`,
  ),
  indexes: await db.query(
    `SELECT tablename, indexname, replace(indexdef, quote_ident(current_schema()) || '.', '') AS definition
       FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename NOT IN ${bookkeeping}
      ORDER BY tablename, indexname`,
  ),
  sequences: await db.query(
    `SELECT sequence_name, data_type, start_value, minimum_value, maximum_value, increment
       FROM information_schema.sequences WHERE sequence_schema = current_schema() ORDER BY sequence_name`,
  ),
  policies: await db.query(
    `SELECT tablename, policyname, permissive, roles::text, cmd, qual, with_check FROM pg_policies WHERE schemaname = current_schema() ORDER BY tablename, policyname`,
  ),
})

const baselines = [
  { feature: 'classroom', number: 1, name: '0001_baseline.sql' },
  { feature: 'core', number: 1, name: '0001_baseline.sql' },
  { feature: 'courses', number: 1, name: '0001_baseline.sql' },
  { feature: 'homework', number: 1, name: '0001_baseline.sql' },
]

const recorded = (db: Db) => db.query('SELECT feature, number, name FROM feature_migrations ORDER BY feature, number')

it('the single sequence is frozen: its files are those existing databases were built by', () => {
  const hash = createHash('sha256')
  for (const file of legacyFiles) hash.update(file).update(readFileSync(join(legacyMigrationsDir, file)))
  expect(legacyFiles).toHaveLength(15)
  expect(hash.digest('hex')).toBe('a8ee2c5014e5f7e50881c5fb2f1c1489797b6fbe6b05f17bb6b2ee7e204a9046')
})

describe.each(migrationEngines)('a database built by the single sequence upgrades in place, on $name', (engine) => {
  const databases: EmptyDatabase[] = []
  const create = async () => {
    const database = await engine.create()
    databases.push(database)
    return database.connect()
  }
  let fresh: Awaited<ReturnType<typeof catalogue>>
  beforeAll(async () => {
    const db = await create()
    await migrate(db, migrationSets)
    fresh = await catalogue(db)
  })
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()))
  })

  it('a new database built by the features’ sequences has every table, constraint and index of the single sequence', () => {
    expect(fresh.relations.length).toBeGreaterThan(30)
    expect(fresh.constraints).toContainEqual(expect.objectContaining({ table_name: 'homework', conname: 'homework_check2', contype: 'c' }))
    expect(fresh.indexes).toContainEqual(
      expect.objectContaining({ indexname: 'students_user_key', definition: expect.stringContaining('WHERE (user_id IS NOT NULL)') }),
    )
    expect(fresh.indexes).toContainEqual(expect.objectContaining({ indexname: 'topics_name_key', definition: expect.stringContaining('lower(name)') }))
  })

  it('all of it: the baselines are recorded without running, and the schema is the new database’s', async () => {
    const db = await create()
    await migrateSingleSequence(db)
    await db.query(`INSERT INTO schools (name_en, name_ar) VALUES ('Upgraded', 'مُرقّاة')`)
    // Running a baseline again would fail on its first CREATE TABLE; nothing of the single sequence runs either.
    expect((await migrate(db, migrationSets)).filter((file) => file.endsWith('/0001_baseline.sql') || file.startsWith('single-sequence/'))).toEqual([])
    expect(await recorded(db)).toEqual(expect.arrayContaining(baselines))
    expect(await catalogue(db)).toEqual(fresh)
    expect(await db.query('SELECT name_en FROM schools')).toEqual([{ name_en: 'Upgraded' }])
    expect(await migrate(db, migrationSets)).toEqual([])
  })

  it('part of it (an install last started long ago): the missing files of the single sequence run first, with the rows there', async () => {
    const db = await create()
    await migrateSingleSequence(db, legacyFiles.slice(0, 2))
    await db.query(`INSERT INTO schools (name_en, name_ar) VALUES ('Old', 'قديمة')`)
    await db.query(
      `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ('00000000-0000-4000-8000-000000000001', 1, 'Head@old.school', 'x', 'H', 'T', 'Admin')`,
    )
    await db.query(`INSERT INTO outbox (recipient, subject, body) VALUES ('head@old.school', 'Hello', 'Hi')`)
    const applied = await migrate(db, migrationSets)
    expect(applied.filter((file) => file.startsWith('single-sequence/'))).toEqual(legacyFiles.slice(2).map((file) => `single-sequence/${file}`))
    expect(await recorded(db)).toEqual(expect.arrayContaining(baselines))
    expect(await catalogue(db)).toEqual(fresh)
    // 0003 gave the old mail its school, as it did then.
    expect(await db.query('SELECT school_id FROM outbox')).toEqual([{ school_id: 1 }])
  })

  it.runIf(engine.name === 'postgres')('two processes upgrading it at once run each missing file once between them', async () => {
    const database = await engine.create()
    databases.push(database)
    const [first, second] = [await database.connect(), await database.connect()]
    await migrateSingleSequence(first, legacyFiles.slice(0, 5))
    const [a, b] = await Promise.all([migrate(first, migrationSets), migrate(second, migrationSets)])
    const ran = [...a, ...b].sort()
    expect(ran.filter((file) => file.startsWith('single-sequence/'))).toEqual(legacyFiles.slice(5).map((file) => `single-sequence/${file}`))
    // A feature's files after its baseline (courses' and homework's 0002) run too: each once between the two.
    expect(ran.filter((file) => !file.startsWith('single-sequence/') && file.endsWith('/0001_baseline.sql'))).toEqual([])
    expect(new Set(ran).size).toBe(ran.length)
    expect((await first.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name)).toEqual(legacyFiles)
    expect(await recorded(first)).toEqual(expect.arrayContaining(baselines))
    expect(await catalogue(first)).toEqual(fresh)
  })

  it('one that records a file the single sequence never had is refused, saying what to do', async () => {
    const db = await create()
    await migrateSingleSequence(db)
    await db.query(`INSERT INTO schema_migrations (name) VALUES ('0016_elsewhere.sql')`)
    await expect(migrate(db, migrationSets)).rejects.toThrow(
      'Migrations: schema_migrations records 0016_elsewhere.sql, which the single sequence of migrations (server/db/legacy-migrations/) never had. ' +
        'This database was built by another version of Fasl: start that version on it, or restore a backup made by this one.',
    )
    expect(await recorded(db)).toEqual([])
  })
})
