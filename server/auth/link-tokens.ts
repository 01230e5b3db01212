import type { Queryable } from '../db/db.ts'
import { hashToken, newOpaqueToken } from './tokens.ts'

/** A password reset, an admin's sign-in link, or the confirmation of a new email address (which the token carries). */
export type LinkPurpose = 'reset' | 'autologin' | 'email-change'

type Account = { readonly id: string; readonly school_id: number }

/** A single-use token for a link, expiring after `ttlMinutes`. Only its hash is stored. `newEmail`: an email change's address. */
export const createLinkToken = async (db: Queryable, user: Account, purpose: LinkPurpose, ttlMinutes: number, newEmail: string | null = null) => {
  const token = newOpaqueToken()
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO link_tokens (school_id, token_hash, user_id, purpose, expires_at, new_email) VALUES ($5, $1, $2, $3, now() + make_interval(mins => $4::int), $6) RETURNING expires_at`,
    [hashToken(token), user.id, purpose, ttlMinutes, user.school_id, newEmail],
  )
  return { token, expiresAt: new Date(row!.expires_at) }
}

/**
 * Ends the account's outstanding links (only those of `purpose` when named): after a reset or a
 * password change no older reset, sign-in or email-change link opens the account, and a new email
 * request replaces the previous one.
 */
export const endLinkTokens = async (db: Queryable, user: Account, purpose: LinkPurpose | null = null) => {
  await db.query(
    'UPDATE link_tokens SET used_at = now() WHERE user_id = $1 AND school_id = $2 AND ($3::text IS NULL OR purpose = $3::text) AND used_at IS NULL',
    [user.id, user.school_id, purpose],
  )
}

/** The new address of the account's pending email change (its newest valid link), or null. */
export const pendingEmailOf = async (db: Queryable, user: Account): Promise<string | null> =>
  (
    await db.query<{ new_email: string }>(
      `SELECT new_email FROM link_tokens WHERE user_id = $1 AND school_id = $2 AND purpose = 'email-change' AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
      [user.id, user.school_id],
    )
  )[0]?.new_email ?? null

// Link tokens are looked up signed out, by their secret: across schools by nature.

/** The user id of a valid (unused, unexpired) token, without using it. */
export const peekLinkToken = async (db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> =>
  (
    await db.query<{ user_id: string }>(
      '/* across schools: a link token is found by its secret, signed out */ SELECT user_id FROM link_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()',
      [hashToken(token), purpose],
    )
  )[0]?.user_id ?? null

/** Uses the token once: the user id, or null when unknown, used, expired or for another purpose. */
export const consumeLinkToken = async (db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> =>
  (
    await db.query<{ user_id: string }>(
      '/* across schools: a link token is found by its secret, signed out */ UPDATE link_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
      [hashToken(token), purpose],
    )
  )[0]?.user_id ?? null

/** Uses an email-change token once: its account and new address, or null when unknown, used or expired. */
export const consumeEmailChangeToken = async (db: Queryable, token: string): Promise<{ userId: string; schoolId: number; newEmail: string } | null> => {
  const [row] = await db.query<{ user_id: string; school_id: number; new_email: string }>(
    `/* across schools: a link token is found by its secret, signed out */ UPDATE link_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = 'email-change' AND used_at IS NULL AND expires_at > now() RETURNING user_id, school_id, new_email`,
    [hashToken(token)],
  )
  return row === undefined ? null : { userId: row.user_id, schoolId: Number(row.school_id), newEmail: row.new_email }
}
