import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/db.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { DemoSchool, DemoStaff, ServerFeature } from '../feature.ts'
import { serverFeatures } from '../features.ts'

export interface DemoAccount {
  readonly email: string
  readonly password: string
  readonly role: string
}

export const demoAccounts: ReadonlyArray<DemoAccount> = [
  { email: 'admin@fasl.school', password: 'Admin#2026', role: 'school admin' },
  { email: 'teacher@fasl.school', password: 'Teacher#2026', role: 'teacher (three class rooms, default roles)' },
  { email: 'teacher2@fasl.school', password: 'Teacher#2026', role: 'teacher (Home, Courses and Settings only)' },
  { email: 'supervisor@fasl.school', password: 'Super#2026', role: 'supervising corrector' },
  { email: 'student@fasl.school', password: 'Student#2026', role: 'student (Grade 4 A, a class room of the first teacher)' },
  { email: 'student2@fasl.school', password: 'Student#2026', role: 'student (Grade 4 B, a class room of teacher2)' },
]

/** True when the database has no school yet: the only case in which the demo is seeded. */
export const isEmpty = async (db: Queryable) => (await db.query('SELECT 1 FROM schools LIMIT 1')).length === 0

/**
 * The demo school, in one transaction: the core writes the school and its staff accounts, then each
 * feature its part (`seedDemo` on its declaration, in the list's dependency order: the class rooms,
 * students and parents of plugins/classroom/server/demo-seed.ts, …), in both languages.
 */
export const seedDemoSchool = async (db: Db, features: ReadonlyArray<ServerFeature<never>> = serverFeatures): Promise<ReadonlyArray<DemoAccount>> => {
  // Each demo password hashed once (argon2 takes a while), all at once.
  const passwords = [...new Set(demoAccounts.map((account) => account.password))]
  const hashes = new Map(await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)))
  const passwordHash = (password: string) => {
    const hash = hashes.get(password)
    if (hash === undefined) throw new Error('not a demo password')
    return hash
  }
  await db.transaction(async (tx) => {
    const [school] = await tx.query<{ id: number }>('INSERT INTO schools (name_en, name_ar) VALUES ($1, $2) RETURNING id', [
      'Fasl Demo School',
      'مدرسة فصل النموذجية',
    ])
    const schoolId = school!.id
    const people = {
      admin: {
        id: randomUUID(),
        email: 'admin@fasl.school',
        hash: passwordHash('Admin#2026'),
        first: 'Hoda',
        last: 'Mansour',
        type: 'Admin',
        roles: [] as string[],
      },
      teacher: {
        id: randomUUID(),
        email: 'teacher@fasl.school',
        hash: passwordHash('Teacher#2026'),
        first: 'Amira',
        last: 'Hassan',
        type: 'Teacher',
        roles: [],
      },
      teacher2: {
        id: randomUUID(),
        email: 'teacher2@fasl.school',
        hash: passwordHash('Teacher#2026'),
        first: 'Khaled',
        last: 'Salem',
        type: 'Teacher',
        roles: ['Home', 'Courses', 'Settings'],
      },
      supervisor: {
        id: randomUUID(),
        email: 'supervisor@fasl.school',
        hash: passwordHash('Super#2026'),
        first: 'Nadia',
        last: 'Farouk',
        type: 'Teacher',
        roles: ['Home', 'Courses', 'Assignments', 'Exams', 'Results', 'Schedule', 'Settings', 'SuperCorrector'],
      },
    }
    for (const person of Object.values(people))
      await tx.query(
        `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type, roles) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb)`,
        [person.id, schoolId, person.email, person.hash, person.first, person.last, person.type, JSON.stringify(person.roles)],
      )
    const staff = Object.fromEntries(Object.entries(people).map(([name, person]) => [name, person.id])) as Record<DemoStaff, string>
    const demo: DemoSchool = { tx, schoolId, staff, passwordHash }
    for (const feature of features) await feature.seedDemo?.(demo)
  })
  return demoAccounts
}

/** A database given by DATABASE_URL starts with one admin and a one-time password, nothing else. */
export const seedFirstAdmin = async (db: Db): Promise<DemoAccount> => {
  const password = `${randomUUID().slice(0, 8)}Aa1!`
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [school] = await tx.query<{ id: number }>('INSERT INTO schools (name_en, name_ar) VALUES ($1, $2) RETURNING id', ['My School', 'مدرستي'])
    await tx.query(
      `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type, must_change_password) VALUES ($1, $2, $3, $4, 'School', 'Admin', 'Admin', true)`,
      [randomUUID(), school!.id, 'admin@fasl.school', passwordHash],
    )
  })
  return { email: 'admin@fasl.school', password, role: 'first admin (one-time password: change it after signing in)' }
}
