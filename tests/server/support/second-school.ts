import { randomUUID } from 'node:crypto'
import type { DbClient } from '../../../server/db/db.ts'
import { hashPassword } from '../../../server/auth/passwords.ts'

/**
 * A second school beside the demo one, for the tenancy tests: its own admin and teacher, a stage,
 * a class room with a subject the teacher teaches, and a mail in its outbox. Kept out of the demo
 * seed so the demo (and the browser tests built on it) stay one school.
 */
export const secondSchool = {
  admin: { email: 'admin@second.school', password: 'Second#2026' },
  teacher: { email: 'teacher@second.school', password: 'Second#2026' },
} as const

export interface SecondSchool {
  readonly schoolId: number
  readonly adminId: string
  readonly teacherId: string
  readonly classRoomId: number
  readonly subjectId: number
  readonly semesterId: number
}

export const seedSecondSchool = async (db: DbClient): Promise<SecondSchool> => {
  const passwordHash = await hashPassword(secondSchool.admin.password)
  return db.transaction(async (tx) => {
    const [school] = await tx.query<{ id: number }>(`INSERT INTO schools (name_en, name_ar) VALUES ('Second School', 'المدرسة الثانية') RETURNING id`)
    const schoolId = school!.id
    const adminId = randomUUID()
    const teacherId = randomUUID()
    for (const [id, email, type, first] of [
      [adminId, secondSchool.admin.email, 'Admin', 'Samia'],
      [teacherId, secondSchool.teacher.email, 'Teacher', 'Omar'],
    ] as const)
      await tx.query(`INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, $5, 'Second', $6)`, [
        id,
        schoolId,
        email,
        passwordHash,
        first,
        type,
      ])
    const [stage] = await tx.query<{ id: number }>(
      `INSERT INTO educational_stages (school_id, name_en, name_ar) VALUES ($1, 'Primary', 'الابتدائية') RETURNING id`,
      [schoolId],
    )
    const [room] = await tx.query<{ id: number }>(
      `INSERT INTO class_rooms (school_id, stage_id, name_en, name_ar, division_en, division_ar) VALUES ($1, $2, 'Grade 5', 'الصف الخامس', 'C', 'ج') RETURNING id`,
      [schoolId, stage!.id],
    )
    const [subject] = await tx.query<{ id: number }>(`INSERT INTO subjects (school_id, name_en, name_ar) VALUES ($1, 'Geography', 'الجغرافيا') RETURNING id`, [
      schoolId,
    ])
    await tx.query('INSERT INTO class_room_subjects (school_id, class_room_id, subject_id) VALUES ($1, $2, $3)', [schoolId, room!.id, subject!.id])
    await tx.query('INSERT INTO class_room_teachers (school_id, teacher_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, teacherId, room!.id])
    // A semester covering every date, so its chapters are always "current".
    const [semester] = await tx.query<{ id: number }>(
      `INSERT INTO semesters (school_id, name_en, name_ar, starts_on, ends_on) VALUES ($1, 'Whole year', 'العام كله', '2000-01-01', '2999-12-31') RETURNING id`,
      [schoolId],
    )
    await tx.query(`INSERT INTO outbox (school_id, recipient, subject, body, link) VALUES ($1, $2, 'Second school mail', 'for the second school only', NULL)`, [
      schoolId,
      secondSchool.teacher.email,
    ])
    return { schoolId, adminId, teacherId, classRoomId: room!.id, subjectId: subject!.id, semesterId: semester!.id }
  })
}

/** A student account of the second school, in its class room (signs in with the second school's password). */
export const secondSchoolStudent = { email: 'student@second.school', password: secondSchool.teacher.password } as const

export const seedSecondSchoolStudent = async (db: DbClient, second: SecondSchool): Promise<void> => {
  const [parent] = await db.query<{ id: number }>(
    `INSERT INTO parents (school_id, name_en, name_ar, phone) VALUES ($1, 'P', 'ب', '01000000000') RETURNING id`,
    [second.schoolId],
  )
  const userId = randomUUID()
  await db.query(
    `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, 'Huda', 'Second', 'Student')`,
    [userId, second.schoolId, secondSchoolStudent.email, await hashPassword(secondSchoolStudent.password)],
  )
  await db.query(
    `INSERT INTO students (school_id, class_room_id, parent_id, name_en, name_ar, user_id) VALUES ($1, $2, $3, 'Huda Second', 'هدى الثانية', $4)`,
    [second.schoolId, second.classRoomId, parent!.id, userId],
  )
}
