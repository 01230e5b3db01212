import { randomUUID } from 'node:crypto'
import type { LoginData } from '../../contracts/entities.ts'
import { sessionDefaults } from '../../contracts/settings.ts'
import type { Queryable } from '../db/db.ts'
import { hashToken, newOpaqueToken, type AccessTokens } from './tokens.ts'
import type { UserRow } from './users.ts'

/** Starts a sign-in: a new refresh-token family with an absolute lifetime. */
export const openFamily = async (db: Queryable, userId: string, clientId: string): Promise<string> => {
  const familyId = randomUUID()
  await db.query(`INSERT INTO session_families (id, user_id, client_id, absolute_expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`, [
    familyId,
    userId,
    clientId,
    sessionDefaults.absoluteSessionSeconds,
  ])
  return familyId
}

export const revokeFamily = (db: Queryable, familyId: string, reason: string) =>
  db.query('UPDATE session_families SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [familyId, reason])

export const revokeAllFamilies = (db: Queryable, userId: string, reason: string) =>
  db.query('UPDATE session_families SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, reason])

/** After a password change: every session but the one that made it ends (ASVS 5, 7.4.3). */
export const revokeOtherFamilies = (db: Queryable, userId: string, keptFamilyId: string, reason: string) =>
  db.query('UPDATE session_families SET revoked_at = now(), revoked_reason = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
    userId,
    keptFamilyId,
    reason,
  ])

/** The login answer: a fresh refresh token in `familyId` and a signed access token. */
export const issueLoginData = async (tokens: AccessTokens, db: Queryable, user: UserRow, familyId: string): Promise<LoginData> => {
  const refreshToken = newOpaqueToken()
  await db.query('INSERT INTO refresh_tokens (token_hash, family_id) VALUES ($1, $2)', [hashToken(refreshToken), familyId])
  const access = await tokens.sign(
    {
      userId: user.id,
      schoolId: user.school_id,
      userType: user.user_type,
      roles: user.roles,
      sessionId: familyId,
      passwordChangeRequired: user.must_change_password,
    },
    sessionDefaults.accessTokenTtlSeconds,
  )
  return {
    accessToken: access.token,
    refreshToken,
    tokenExpiration: access.expiresAt.toISOString(),
    roles: user.roles,
    name: `${user.first_name} ${user.last_name}`,
    image: tokens.fileLinks.sign(user.image),
    userType: user.user_type,
    // Only when set: every other sign-in answers exactly the spec's login data.
    ...(user.must_change_password ? { mustChangePassword: true } : {}),
  }
}

export interface RefreshLookup {
  readonly familyId: string
  readonly userId: string
  readonly rotatedAt: Date | null
  readonly familyRevoked: boolean
  readonly familyExpired: boolean
}

export const findRefreshToken = async (db: Queryable, refreshToken: string): Promise<RefreshLookup | null> => {
  const [row] = await db.query<{ family_id: string; user_id: string; rotated_at: Date | null; revoked: boolean; expired: boolean }>(
    `SELECT t.family_id, f.user_id, t.rotated_at, f.revoked_at IS NOT NULL AS revoked, f.absolute_expires_at <= now() AS expired
       FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
    [hashToken(refreshToken)],
  )
  return row === undefined
    ? null
    : { familyId: row.family_id, userId: row.user_id, rotatedAt: row.rotated_at, familyRevoked: row.revoked, familyExpired: row.expired }
}

/** Marks the token used; false when another request rotated it first (a race is treated as reuse). */
export const rotateRefreshToken = async (db: Queryable, refreshToken: string): Promise<boolean> =>
  (await db.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1 AND rotated_at IS NULL RETURNING token_hash', [hashToken(refreshToken)]))
    .length === 1
