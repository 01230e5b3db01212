import { randomBytes } from 'node:crypto'
import postgres from 'postgres'

export interface ScratchDatabase {
  /** DATABASE_URL for a server process: an empty database of its own. */
  readonly url: string
  readonly drop: () => Promise<void>
}

/**
 * A new, empty database on the PostgreSQL server at `databaseUrl`, for tests that start the real
 * `npm start` command (which takes a whole database, not a schema).
 */
export const createScratchDatabase = async (databaseUrl: string, prefix: string): Promise<ScratchDatabase> => {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  await admin.unsafe(`CREATE DATABASE "${name}"`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}
