import type { Queryable } from '../db/db.ts'
import { hashToken, newOpaqueToken } from './tokens.ts'

export type LinkPurpose = 'reset' | 'autologin'

/** A single-use token for a link, expiring after `ttlMinutes`. Only its hash is stored. */
export const createLinkToken = async (db: Queryable, user: { id: string; school_id: number }, purpose: LinkPurpose, ttlMinutes: number) => {
  const token = newOpaqueToken()
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO link_tokens (school_id, token_hash, user_id, purpose, expires_at) VALUES ($5, $1, $2, $3, now() + make_interval(mins => $4::int)) RETURNING expires_at`,
    [hashToken(token), user.id, purpose, ttlMinutes, user.school_id],
  )
  return { token, expiresAt: new Date(row!.expires_at) }
}

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
