import type { DbClient } from '../db/db.ts'

/**
 * How long an ended sign-in and a used or expired link are kept after they ended, then deleted.
 *
 * Reuse detection needs a family's rotated refresh tokens only while the family is live: a token
 * of a revoked or expired family is refused for that alone (server/api/auth.ts, Refresh), and a
 * token that is no longer stored is refused the same way, so ending a family is the last thing
 * its rows are needed for. The day's margin keeps a fresh revocation (its reason: reuse, password
 * change, sign-out) readable beside the audit log while someone looks into it. A link token is
 * never read again once used or expired (reset, sign-in and email-change links are single-use).
 */
export const endedRowsKeptHours = 24

/** Ended families (revoked, or past their absolute lifetime) with their tokens, and dead link tokens, older than the margin. */
export const pruneSessionsAndLinks = async (db: DbClient, now: Date): Promise<void> => {
  const cutoff = new Date(now.getTime() - endedRowsKeptHours * 3_600_000).toISOString()
  await db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM refresh_tokens t USING session_families f
        WHERE f.id = t.family_id AND (f.revoked_at < $1::timestamptz OR f.absolute_expires_at < $1::timestamptz)`,
      [cutoff],
    )
    await tx.query(
      `DELETE FROM session_families f
        WHERE (f.revoked_at < $1::timestamptz OR f.absolute_expires_at < $1::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = f.id)`,
      [cutoff],
    )
  })
  await db.query(`/* across schools: link token retention */ DELETE FROM link_tokens WHERE expires_at < $1::timestamptz OR used_at < $1::timestamptz`, [cutoff])
}
