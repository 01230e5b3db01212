import { PGlite } from '@electric-sql/pglite'
import { mkdirSync } from 'node:fs'
import pg from 'pg'

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

export const openPostgres = async (connectionString: string, schema?: string): Promise<Db> => {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.FASL_DB_POOL ?? 20),
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  })
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
  const query = async <T,>(sql: string, params: ReadonlyArray<unknown> = []) => (await pool.query(sql, [...params])).rows as T[]
  return {
    kind: 'postgres',
    query,
    prepared: async <T,>(name: string, sql: string, params: ReadonlyArray<unknown>) => (await pool.query({ name, text: sql, values: [...params] })).rows as T[],
    transaction: async (work) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({ query: async <T,>(sql: string, params: ReadonlyArray<unknown> = []) => (await client.query(sql, [...params])).rows as T[] })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
