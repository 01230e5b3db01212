import { PGlite } from '@electric-sql/pglite'
import { mkdirSync } from 'node:fs'
import postgres from 'postgres'

/**
 * The one database interface the server uses. Two engines behind it, same SQL:
 * embedded PGlite (files under the data folder) and PostgreSQL (DATABASE_URL).
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres'
  query<T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<T[]>
  /** A hot query kept prepared on each connection under `name` (PostgreSQL parses and plans it once). */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: ReadonlyArray<unknown>): Promise<T[]>
  /** Runs `work` in one transaction; PGlite has one connection, so its transactions are serialized. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export type Queryable = Pick<Db, 'query'>

export const openPglite = async (dataDir: string | null): Promise<Db> => {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true })
  const lite = dataDir === null ? new PGlite() : new PGlite(dataDir)
  await lite.waitReady
  const query = async <T,>(sql: string, params: ReadonlyArray<unknown> = []) => (await lite.query<T>(sql, [...params])).rows
  return {
    kind: 'pglite',
    query,
    prepared: (_name, sql, params) => query(sql, params),
    transaction: (work) => lite.transaction((tx) => work({ query: async <T,>(sql: string, params: ReadonlyArray<unknown> = []) => (await tx.query<T>(sql, [...params])).rows })),
    close: () => lite.close(),
  }
}

/**
 * PostgreSQL through postgres.js. Single statements share a small set of connections and are
 * pipelined on them: one network write and one wake-up of a database process serve the queries of
 * several requests at once (on a small machine the wake-ups, not the queries, are what the database
 * costs). A transaction needs a connection of its own for its whole length, so transactions draw
 * from a separate pool and never hold up the pipelined statements.
 */
export const openPostgres = async (connectionString: string, schema?: string): Promise<Db> => {
  const open = (max: number) =>
    postgres(connectionString, {
      max,
      onnotice: () => undefined,
      ...(schema === undefined ? {} : { connection: { search_path: schema } }),
    })
  const statements = open(Number(process.env.FASL_DB_POOL ?? 1))
  const transactions = open(Number(process.env.FASL_DB_TX_POOL ?? 8))
  if (schema !== undefined) await statements.unsafe(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
  const run = async <T,>(on: Pick<postgres.Sql, 'unsafe'>, text: string, params: ReadonlyArray<unknown>, prepare: boolean) =>
    [...(await on.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }))] as T[]
  return {
    kind: 'postgres',
    query: (text, params = []) => run(statements, text, params, false),
    // postgres.js names and keeps prepared statements by their text on each connection.
    prepared: (_name, text, params) => run(statements, text, params, true),
    transaction: async (work) => {
      let result: Awaited<ReturnType<typeof work>> | undefined
      await transactions.begin(async (tx) => {
        result = await work({ query: (text, params = []) => run(tx, text, params, false) })
      })
      return result as Awaited<ReturnType<typeof work>>
    },
    close: async () => {
      await Promise.all([statements.end({ timeout: 5 }), transactions.end({ timeout: 5 })])
    },
  }
}
