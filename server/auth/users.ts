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

export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | null> =>
  (await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]))[0] ?? null

export const findUserById = async (db: Queryable, id: string): Promise<UserRow | null> =>
  /^[0-9a-f-]{36}$/i.test(id) ? ((await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0] ?? null) : null

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
