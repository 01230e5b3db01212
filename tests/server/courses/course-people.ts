import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { DbClient } from '../../../server/db/db.ts'
import { hashPassword } from '../../../server/auth/passwords.ts'
import type { SecondSchool } from '../support/second-school.ts'
import { accounts, call, type Answer } from '../support/http.ts'

/** The courses tests' people and files beside the demo school's: a student of the second school, and small valid files. */

export const secondSchoolStudent = { email: 'student@second.school', password: 'Second#2026' } as const

/** A student account in the second school's class room (seedSecondSchool has staff only). */
export const seedSecondSchoolStudent = async (db: DbClient, second: SecondSchool): Promise<void> => {
  const userId = randomUUID()
  await db.query(
    `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, 'Salma', 'Second', 'Student')`,
    [userId, second.schoolId, secondSchoolStudent.email, await hashPassword(secondSchoolStudent.password)],
  )
  const [parent] = await db.query<{ id: number }>(
    `INSERT INTO parents (school_id, name_en, name_ar, phone) VALUES ($1, 'Parent Second', 'ولي أمر', '01000000000') RETURNING id`,
    [second.schoolId],
  )
  await db.query(`INSERT INTO students (school_id, class_room_id, parent_id, name_en, name_ar, user_id) VALUES ($1, $2, $3, 'Salma Second', 'سلمى', $4)`, [
    second.schoolId,
    second.classRoomId,
    parent!.id,
    userId,
  ])
}

/** The demo class room a demo student sits in. */
export const classRoomOf = async (db: DbClient, email: string): Promise<number> =>
  (await db.query<{ id: number }>('SELECT st.class_room_id AS id FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = $1', [email]))[0]!.id

export const subjectOf = async (db: DbClient, name: string): Promise<number> =>
  (
    await db.query<{ id: number }>('SELECT s.id FROM subjects s JOIN users u ON u.school_id = s.school_id WHERE u.email = $1 AND s.name_en = $2', [
      accounts.teacher.email,
      name,
    ])
  )[0]!.id

export const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

export const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f6f64' } })
      .png()
      .toBuffer(),
  )

/** A stored upload of the teacher behind `token`, ready for a course to list. */
export const uploaded = async (base: string, token: string, bytes: Uint8Array, fileName: string): Promise<number> => {
  const answer: Answer<{ id: number }> = await call(base, 'POST', `/school/api/Courses/UploadAttachment?FileName=${encodeURIComponent(fileName)}`, bytes, {
    token,
  })
  if (answer.status !== 200) throw new Error(`upload refused: ${JSON.stringify(answer.body)}`)
  return answer.body.responseData.id
}
