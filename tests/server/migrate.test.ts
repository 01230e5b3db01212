import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db.ts'
import { migrate, migrationOrder, type MigrationSet } from '../../server/db/migrate.ts'
import { migrationEngines, type EmptyDatabase } from './support/migration-databases.ts'

/** Writes `files` into a new folder under `root` named after the feature; answers the feature's set. */
const feature = (root: string, id: string, after: ReadonlyArray<string>, files: Record<string, string>): MigrationSet => {
  const dir = join(root, id)
  mkdirSync(dir)
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql)
  return { id, after, migrations: dir }
}

/**
 * Three features whose files a naive split on `;` would cut in the wrong places, listed in the
 * wrong order on purpose: 'marks' refers to a table of 'notes', which refers to the core's.
 */
const scratchFeatures = (root: string): MigrationSet[] => [
  feature(root, 'marks', ['notes'], {
    '0001_marks.sql': `CREATE TABLE marks (note_id integer NOT NULL REFERENCES notes (id));\nINSERT INTO applied (file) VALUES ('marks/0001');`,
  }),
  feature(root, 'notes', [], {
    '0001_notes.sql': `CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL);\nINSERT INTO notes (text) VALUES ('one; two;\nthree');\n`,
    '0002_block.sql': `DO $$\nBEGIN\n  INSERT INTO notes (text) VALUES ('from a block;');\n  PERFORM pg_sleep(0.2);\nEND\n$$;\nINSERT INTO applied (file) VALUES ('notes/0002');\n`,
  }),
  feature(root, 'core', [], { '0001_applied.sql': `CREATE TABLE applied (file text NOT NULL);\nINSERT INTO applied (file) VALUES ('core/0001');` }),
  { id: 'tableless', after: ['notes'] },
]

const everyFile = ['core/0001_applied.sql', 'notes/0001_notes.sql', 'notes/0002_block.sql', 'marks/0001_marks.sql']

const appliedRows = async (database: EmptyDatabase) =>
  (await (await database.connect()).query<{ file: string }>('SELECT file FROM applied ORDER BY file')).map((row) => row.file)

describe('the order features migrate in', () => {
  const set = (id: string, ...after: string[]): MigrationSet => ({ id, after })
  const ids = (sets: ReadonlyArray<MigrationSet>) => migrationOrder(sets).map((each) => each.id)

  it('is the core first, then each feature after those it names, else in the order listed', () => {
    expect(ids([set('homework', 'classroom'), set('courses', 'classroom'), set('classroom'), set('core')])).toEqual([
      'core',
      'classroom',
      'homework',
      'courses',
    ])
    expect(ids([set('c', 'b'), set('b', 'a'), set('a')])).toEqual(['a', 'b', 'c'])
  })

  it('a cycle of `after` fails, naming it', () => {
    expect(() => migrationOrder([set('core'), set('a', 'c'), set('b', 'a'), set('c', 'b'), set('d')])).toThrow(
      "Migrations: the features' `after` lists form a cycle: a → c → b → a.",
    )
    expect(() => migrationOrder([set('core', 'a'), set('a')])).toThrow('cycle: core → a → core.')
  })

  it('an `after` naming no listed feature, or one id twice, fails', () => {
    expect(() => migrationOrder([set('core'), set('homework', 'classrooms')])).toThrow(
      "Migrations: feature 'homework' runs after 'classrooms', which is not in the feature list.",
    )
    expect(() => migrationOrder([set('core'), set('a'), set('a')])).toThrow("Migrations: two features have the id 'a'.")
  })
})

const unused = () => {
  throw new Error('the database was used')
}

describe('a feature folder', () => {
  let root: string
  beforeAll(() => void (root = mkdtempSync(join(tmpdir(), 'fasl-migrations-'))))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  // Found before the database is touched: this one fails any use.
  const untouched: Db = { kind: 'pglite', query: unused, prepared: unused, transaction: unused, inSchool: unused, session: unused, close: unused }

  it('holds only NNNN_name.sql files, one per number, or nothing runs', async () => {
    const unnumbered = feature(root, 'unnumbered', [], { 'notes.sql': 'SELECT 1' })
    const twice = feature(root, 'twice', [], { '0001_a.sql': 'SELECT 1', '0001_b.sql': 'SELECT 1' })
    await expect(migrate(untouched, [unnumbered])).rejects.toThrow(`${join(root, 'unnumbered', 'notes.sql')} is not named NNNN_name.sql.`)
    await expect(migrate(untouched, [twice])).rejects.toThrow("0001_a.sql and 0001_b.sql of 'twice' have one number.")
  })
})

describe.each(migrationEngines)('migrations run each file whole, once, under a lock, on $name', (engine) => {
  let root: string
  let database: EmptyDatabase
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fasl-migrations-'))
    database = await engine.create()
  })
  afterAll(async () => {
    await database.drop()
    rmSync(root, { recursive: true, force: true })
  })

  it('features run in the order of `after`; a `;` inside a string or a DO $$ … $$ block is part of its statement; a second run applies nothing', async () => {
    const sets = scratchFeatures(root)
    const db = await database.connect()
    expect(await migrate(db, sets)).toEqual(everyFile)
    expect((await db.query<{ text: string }>('SELECT text FROM notes ORDER BY text')).map((row) => row.text)).toEqual(['from a block;', 'one; two;\nthree'])
    expect(await db.query('SELECT feature, number, name FROM feature_migrations ORDER BY feature, number')).toEqual([
      { feature: 'core', number: 1, name: '0001_applied.sql' },
      { feature: 'marks', number: 1, name: '0001_marks.sql' },
      { feature: 'notes', number: 1, name: '0001_notes.sql' },
      { feature: 'notes', number: 2, name: '0002_block.sql' },
    ])
    expect(await migrate(db, sets)).toEqual([])
  })

  it.runIf(engine.name === 'postgres')('two processes migrating at once apply each file exactly once between them', async () => {
    // The same features (their first files already applied) with one more file each, in a folder of their own.
    mkdirSync(join(root, 'next'))
    const [marks, notes, ...rest] = scratchFeatures(join(root, 'next'))
    writeFileSync(join(notes!.migrations!, '0003_race.sql'), `DO $$ BEGIN PERFORM pg_sleep(0.2); END $$;\nINSERT INTO applied (file) VALUES ('notes/0003');`)
    writeFileSync(join(marks!.migrations!, '0002_race.sql'), `INSERT INTO applied (file) VALUES ('marks/0002');`)
    const sets = [marks!, notes!, ...rest]
    const [first, second] = [await database.connect(), await database.connect()]
    const [a, b] = await Promise.all([migrate(first, sets), migrate(second, sets)])
    expect([...a, ...b]).toHaveLength(2)
    expect([...a, ...b].sort()).toEqual(['marks/0002_race.sql', 'notes/0003_race.sql'])
    expect(await appliedRows(database)).toEqual(['core/0001', 'marks/0001', 'marks/0002', 'notes/0002', 'notes/0003'])
  })
})

describe.runIf(process.env.DATABASE_URL)('two fresh processes migrating one new PostgreSQL schema at once', () => {
  it('both succeed and every file is applied once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fasl-migrations-'))
    const database = await migrationEngines[1]!.create()
    try {
      const sets = scratchFeatures(root)
      const [first, second] = [await database.connect(), await database.connect()]
      const [a, b] = await Promise.all([migrate(first, sets), migrate(second, sets)])
      expect([...a, ...b].sort()).toEqual([...everyFile].sort())
      expect(await appliedRows(database)).toEqual(['core/0001', 'marks/0001', 'notes/0002'])
    } finally {
      await database.drop()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
