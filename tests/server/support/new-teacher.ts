import { randomUUID } from 'node:crypto'
import type { StartedServer } from '../../../server/app.ts'
import { hashPassword } from '../../../server/auth/passwords.ts'
import { accounts } from './http.ts'

export interface NewTeacher {
  readonly id: string
  readonly email: string
  readonly password: string
}

/**
 * A teacher of the demo school made for one test, so it starts with no links, mail or history of
 * its own: `<prefix>-<8 hex>@fasl.school`, named Huda Al-Harbi, with the given password and language.
 */
export const newDemoTeacher = async (server: StartedServer, options: { prefix: string; password: string; language?: 'en' | 'ar' }): Promise<NewTeacher> => {
  const [{ school_id: schoolId }] = (await server.db.query<{ school_id: number }>('SELECT school_id FROM users WHERE email = $1', [accounts.admin.email])) as [
    { school_id: number },
  ]
  const id = randomUUID()
  const teacher = { id, email: `${options.prefix}-${id.slice(0, 8)}@fasl.school`, password: options.password }
  await server.db.query(
    `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type, preferred_language) VALUES ($1, $2, $3, $4, 'Huda', 'Al-Harbi', 'Teacher', $5)`,
    [id, schoolId, teacher.email, await hashPassword(teacher.password), options.language ?? 'en'],
  )
  return teacher
}
