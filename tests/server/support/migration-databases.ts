import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openPglite, openPostgres, type DbClient } from '../../../server/db/db.ts'

/** An empty database for migration tests; `connect` answers another process's connection to it. */
export interface EmptyDatabase {
  readonly connect: () => Promise<DbClient>
  readonly drop: () => Promise<void>
}

export interface MigrationEngine {
  readonly name: 'pglite' | 'postgres'
  readonly create: () => Promise<EmptyDatabase>
}

const pglite: MigrationEngine = {
  name: 'pglite',
  create: async () => {
    // One embedded database has one connection: every "process" shares it.
    const client = await openPglite(null)
    return { connect: async () => client, drop: () => client.close() }
  },
}

/** On PostgreSQL each database is a new schema of its own, dropped afterwards, as the other server tests do. */
const onPostgres = (url: string): MigrationEngine => ({
  name: 'postgres',
  create: async () => {
    const schema = `fasl_test_${randomBytes(6).toString('hex')}`
    const opened: DbClient[] = []
    return {
      connect: async () => {
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
})

/** Embedded PGlite always, and the PostgreSQL at DATABASE_URL when it is set. */
export const migrationEngines: ReadonlyArray<MigrationEngine> = [pglite, ...(process.env.DATABASE_URL ? [onPostgres(process.env.DATABASE_URL)] : [])]
