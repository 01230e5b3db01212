import type { DbClient } from '../../../server/db/db.ts'

/**
 * Adds a teacher role to a demo account. teacher2 holds Home, Courses and Settings only (the
 * demo's teacher without Assignments); the tests where she is the other teacher of a shared class
 * room's homework give her Assignments first, before her first call (roles are read as they are now).
 */
export const grantRole = (db: DbClient, email: string, role: string) =>
  db.query(`UPDATE users SET roles = roles || $2::text::jsonb WHERE email = $1`, [email, JSON.stringify([role])])
