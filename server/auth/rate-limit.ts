import type { Queryable } from '../db/db.ts'

/**
 * Sliding-window counters kept in the database, so several server processes share them.
 * A bucket names what is counted: 'signin:address:1.2.3.4', 'reset:account:a@b.c', ...
 */
export const hitsWithin = async (db: Queryable, bucket: string, windowMinutes: number): Promise<number> => {
  const [row] = await db.query<{ hits: number }>(
    `SELECT count(*)::int AS hits FROM rate_limit_hits WHERE bucket = $1 AND at > now() - make_interval(mins => $2::int)`,
    [bucket, windowMinutes],
  )
  return row?.hits ?? 0
}

export const recordHit = (db: Queryable, bucket: string) => db.query('INSERT INTO rate_limit_hits (bucket) VALUES ($1)', [bucket])

export const clearHits = (db: Queryable, bucket: string) => db.query('DELETE FROM rate_limit_hits WHERE bucket = $1', [bucket])

/** Old hits only take room; a day covers every window in use. */
export const pruneHits = (db: Queryable) => db.query(`DELETE FROM rate_limit_hits WHERE at < now() - interval '1 day'`)
