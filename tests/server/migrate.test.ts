import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type DbClient } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'

/** A scratch folder of migrations that a naive split on `;` would cut in the wrong places. */
const scratchMigrations = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fasl-migrations-'))
  writeFileSync(join(dir, '0001_notes.sql'), `CREATE TABLE notes (text text NOT NULL);\nINSERT INTO notes (text) VALUES ('one; two;\nthree');\n`)
  writeFileSync(
    join(dir, '0002_block.sql'),
    `DO $$\nBEGIN\n  INSERT INTO notes (text) VALUES ('from a block;');\n  PERFORM pg_sleep(0.2);\nEND\n$$;\nCREATE TABLE applied (file text NOT NULL);\nINSERT INTO applied (file) VALUES ('0002');\n`,
  )
  writeFileSync(join(dir, '0003_more.sql'), `INSERT INTO applied (file) VALUES ('0003');`)
  return dir
}

const engines: ReadonlyArray<{ name: string; open: () => Promise<{ open: () => Promise<DbClient>; drop: () => Promise<void> }> }> = [
  {
    name: 'pglite',
    open: async () => {
      const client = await openPglite(null)
      return { open: async () => client, drop: () => client.close() }
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const url = process.env.DATABASE_URL!
            const schema = `fasl_test_${randomBytes(6).toString('hex')}`
            const opened: DbClient[] = []
            return {
              open: async () => {
                const client = await openPostgres(url, schema)
                opened.push(client)
                return client
              },
              drop: async () => {
                await Promise.all(opened.map((client) => client.close()))
                const admin = postgres(url, { max: 1, onnotice: () => undefined })
                await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
                await admin.end()
              },
            }
          },
        },
      ]
    : []),
]

describe.each(engines)('migrations run each file whole, once, under a lock, on $name', (engine) => {
  let dir: string
  let database: Awaited<ReturnType<(typeof engines)[number]['open']>>
  beforeAll(async () => {
    dir = scratchMigrations()
    database = await engine.open()
  })
  afterAll(async () => {
    await database.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a `;` inside a string literal or a DO $$ … $$ block is part of its statement; a second run applies nothing', async () => {
    const db = await database.open()
    expect(await migrate(db, dir)).toEqual(['0001_notes.sql', '0002_block.sql', '0003_more.sql'])
    expect((await db.query<{ text: string }>('SELECT text FROM notes ORDER BY text')).map((row) => row.text)).toEqual(['from a block;', 'one; two;\nthree'])
    expect(await migrate(db, dir)).toEqual([])
  })

  it.runIf(engine.name === 'postgres')('two processes migrating at once apply each file exactly once between them', async () => {
    writeFileSync(join(dir, '0004_race.sql'), `DO $$ BEGIN PERFORM pg_sleep(0.2); END $$;\nINSERT INTO applied (file) VALUES ('0004');`)
    writeFileSync(join(dir, '0005_race.sql'), `INSERT INTO applied (file) VALUES ('0005');`)
    const [first, second] = [await database.open(), await database.open()]
    const [a, b] = await Promise.all([migrate(first, dir), migrate(second, dir)])
    expect([...a, ...b].sort()).toEqual(['0004_race.sql', '0005_race.sql'])
    expect((await first.query<{ file: string }>('SELECT file FROM applied ORDER BY file')).map((row) => row.file)).toEqual(['0002', '0003', '0004', '0005'])
  })
})

describe.runIf(process.env.DATABASE_URL)('two fresh processes migrating one new PostgreSQL schema at once', () => {
  it('both succeed and every file is applied once', async () => {
    const dir = scratchMigrations()
    const engine = await engines[1]!.open()
    try {
      const [first, second] = [await engine.open(), await engine.open()]
      const [a, b] = await Promise.all([migrate(first, dir), migrate(second, dir)])
      expect([...a, ...b].sort()).toEqual(['0001_notes.sql', '0002_block.sql', '0003_more.sql'])
      expect((await first.query<{ file: string }>('SELECT file FROM applied ORDER BY file')).map((row) => row.file)).toEqual(['0002', '0003'])
    } finally {
      await engine.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
