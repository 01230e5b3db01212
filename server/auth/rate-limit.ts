import type { Queryable } from '../db/db.ts'

/**
 * Sliding-window counters kept in the database, so several server processes share them.
 * A bucket names what is counted: 'signin:address:1.2.3.4', 'reset:account:a@b.c', ...
 */
/** The window of the sign-in limits (per address, per account, per device). */
export const signInWindowMinutes = 15

/** Wrong passwords of an account from unknown devices: sign-in and the password change share it. */
export const accountFailureBucket = (email: string) => `signin-failure:account:${email.trim().toLowerCase()}`

export const hitsWithin = async (db: Queryable, bucket: string, windowMinutes: number): Promise<number> => {
  const [row] = await db.query<{ hits: number }>(
    `SELECT count(*)::int AS hits FROM rate_limit_hits WHERE bucket = $1 AND at > now() - make_interval(mins => $2::int)`,
    [bucket, windowMinutes],
  )
  return row?.hits ?? 0
}

export const recordHit = (db: Queryable, bucket: string) => db.query('INSERT INTO rate_limit_hits (bucket) VALUES ($1)', [bucket])

/**
 * In a transaction: waits for the bucket's advisory lock (held until commit), then records a hit
 * only while the window holds fewer than `limit`. Each taker counts after the previous one
 * committed (READ COMMITTED takes a fresh snapshot per statement), so the check and the count
 * are one step across every server process. Answers the attempts left in the window after this
 * one (0: it was the last allowed), or null when refused (nothing recorded).
 */
export const takeHit = async (tx: Queryable, bucket: string, windowMinutes: number, limit: number): Promise<number | null> => {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [bucket])
  const [taken] = await tx.query<{ hits: number }>(
    `WITH recent AS (SELECT count(*)::int AS hits FROM rate_limit_hits WHERE bucket = $1 AND at > now() - make_interval(mins => $2::int))
     INSERT INTO rate_limit_hits (bucket) SELECT $1 FROM recent WHERE recent.hits < $3::int RETURNING (SELECT hits + 1 FROM recent) AS hits`,
    [bucket, windowMinutes, limit],
  )
  return taken === undefined ? null : limit - taken.hits
}

/**
 * Seconds until the bucket takes an attempt again: when the `limit`-th newest hit of the window
 * leaves it, fewer than `limit` remain. At least 1 (a refusal always asks for some wait).
 */
export const retryAfterSeconds = async (db: Queryable, bucket: string, windowMinutes: number, limit: number): Promise<number> => {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM (at + make_interval(mins => $2::int) - now())))::int AS seconds FROM rate_limit_hits
     WHERE bucket = $1 AND at > now() - make_interval(mins => $2::int) ORDER BY at DESC OFFSET $3::int - 1 LIMIT 1`,
    [bucket, windowMinutes, Math.max(limit, 1)],
  )
  return Math.max(row?.seconds ?? 1, 1)
}

export const clearHits = (db: Queryable, bucket: string) => db.query('DELETE FROM rate_limit_hits WHERE bucket = $1', [bucket])

/** Old hits only take room; a day covers every window in use. */
export const pruneHits = (db: Queryable) => db.query(`DELETE FROM rate_limit_hits WHERE at < now() - interval '1 day'`)
