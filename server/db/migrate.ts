import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url))

/** Applies the plain-SQL migrations in file-name order, each once, each in its own transaction. */
export const migrate = async (db: Db): Promise<ReadonlyArray<string>> => {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name))
  const applied: string[] = []
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort()) {
    if (done.has(file)) continue
    const sql = readFileSync(migrationsDir + file, 'utf8')
    await db.transaction(async (tx) => {
      for (const statement of sql.split(/;\s*$/m).map((s) => s.trim()).filter((s) => s !== '')) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
    })
    applied.push(file)
  }
  return applied
}
