import type { UserInfo, UserType } from '../../contracts/entities.ts'
import type { Queryable } from '../db/db.ts'

export interface UserRow {
  readonly id: string
  readonly school_id: number
  readonly email: string
  readonly password_hash: string
  readonly first_name: string
  readonly last_name: string
  readonly phone: string | null
  readonly image: string | null
  readonly preferred_language: 'en' | 'ar'
  readonly user_type: UserType
  readonly roles: ReadonlyArray<string>
  readonly version: number
  readonly must_change_password: boolean
}

/** Sign-in and "forgot password" find the account by email, signed out: emails are unique across schools. */
export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | null> =>
  (await db.query<UserRow>('/* across schools: sign-in by email, signed out */ SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]))[0] ?? null

/** The account a refresh token or a sign-in link names, signed out. Callers signed in use `inSchool`. */
export const findUserById = async (db: Queryable, id: string): Promise<UserRow | null> =>
  isUserId(id)
    ? ((await db.query<UserRow>('/* across schools: the account of a token, signed out */ SELECT * FROM users WHERE id = $1', [id]))[0] ?? null)
    : null

export const isUserId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

export const toUserInfo = (row: UserRow): UserInfo => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  image: row.image,
  preferredLanguage: row.preferred_language,
  roles: row.roles,
  userType: row.user_type,
  version: row.version,
  mustChangePassword: row.must_change_password,
})
