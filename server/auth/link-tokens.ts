import type { Queryable } from '../db/db.ts'
import { hashToken, newOpaqueToken } from './tokens.ts'

export type LinkPurpose = 'reset' | 'autologin'

/** A single-use token for a link, expiring after `ttlMinutes`. Only its hash is stored. */
export const createLinkToken = async (db: Queryable, userId: string, purpose: LinkPurpose, ttlMinutes: number) => {
  const token = newOpaqueToken()
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO link_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4::int)) RETURNING expires_at`,
    [hashToken(token), userId, purpose, ttlMinutes],
  )
  return { token, expiresAt: new Date(row!.expires_at) }
}

/** The user id of a valid (unused, unexpired) token, without using it. */
export const peekLinkToken = async (db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> =>
  (
    await db.query<{ user_id: string }>(
      'SELECT user_id FROM link_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()',
      [hashToken(token), purpose],
    )
  )[0]?.user_id ?? null

/** Uses the token once: the user id, or null when unknown, used, expired or for another purpose. */
export const consumeLinkToken = async (db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> =>
  (
    await db.query<{ user_id: string }>(
      'UPDATE link_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
      [hashToken(token), purpose],
    )
  )[0]?.user_id ?? null
