import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { openPglite, openPostgres, type DbClient, type Queryable } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { migrationSets } from '../../server/features.ts'
import { seedDemoSchool } from '../../server/seed/demo.ts'
import { boys, families, girls } from '../../plugins/classroom/server/demo-names.ts'

/**
 * The read bench's school, written in SQL before the server starts (the embedded database belongs
 * to one process): the demo school grown by 32 class rooms (Grades 1 to 8, divisions C to F) of 30
 * students each, every student with her own account, and 40 teachers who each teach four of them
 * (five teachers to a room), with six subjects to a room. 1,000 accounts in all, beside the demo's.
 * The homework and the students' work on it go through the server's API (school-work.ts).
 */
export const schoolShape = { teachers: 40, rooms: 32, studentsPerRoom: 30, roomsPerTeacher: 4, subjectsPerRoom: 6 } as const

export const benchTeacherEmail = (index: number) => `bench-teacher-${index + 1}@fasl.school`
export const benchStudentEmail = (index: number) => `bench-pupil-${index + 1}@fasl.school`
/** The demo's passwords: their hashes are copied, so seeding hashes nothing. */
export const benchPasswords = { teacher: 'Teacher#2026', student: 'Student#2026' } as const

const divisions = [
  ['C', 'ج'],
  ['D', 'د'],
  ['E', 'هـ'],
  ['F', 'و'],
] as const

/** Room `r`'s grade and division, in English, as GetTeacherClassRooms names it. */
export const roomName = (r: number) => ({ name: `Grade ${1 + Math.floor(r / divisions.length)}`, division: divisions[r % divisions.length]![0] })

/** The rooms teacher `t` teaches: four in a row, so each room has five teachers. */
export const roomsOfTeacher = (teacher: number) =>
  Array.from({ length: schoolShape.roomsPerTeacher }, (_, k) => (teacher * schoolShape.roomsPerTeacher + k) % schoolShape.rooms)

/** One INSERT of many rows. */
const insertRows = <T = unknown>(tx: Queryable, into: string, rows: ReadonlyArray<ReadonlyArray<unknown>>, returning = '') => {
  const width = rows[0]!.length
  const values = rows.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ')
  return tx.query<T>(`INSERT INTO ${into} VALUES ${values} ${returning}`, rows.flat())
}

const growSchool = async (db: DbClient) => {
  await db.transaction(async (tx) => {
    const [demo] = await tx.query<{ school_id: number; teacher_hash: string; teacher_roles: unknown; student_hash: string }>(
      `SELECT t.school_id, t.password_hash AS teacher_hash, t.roles AS teacher_roles, s.password_hash AS student_hash
         FROM users t, users s WHERE t.email = 'teacher@fasl.school' AND s.email = 'student@fasl.school'`,
    )
    const { school_id: schoolId, teacher_hash: teacherHash, student_hash: studentHash } = demo!
    // The demo teacher's roles as stored (her default roles), so the bench's teachers may do what she does.
    const roles = typeof demo!.teacher_roles === 'string' ? demo!.teacher_roles : JSON.stringify(demo!.teacher_roles)
    const stages = (await tx.query<{ id: number }>('SELECT id FROM educational_stages WHERE school_id = $1 ORDER BY sort', [schoolId])).map((row) => row.id)
    const subjects = (await tx.query<{ id: number }>('SELECT id FROM subjects WHERE school_id = $1 ORDER BY id', [schoolId])).map((row) => row.id)
    const teacherIds: string[] = []
    for (let t = 0; t < schoolShape.teachers; t++) {
      const id = randomUUID()
      const [first] = (t % 2 === 0 ? girls : boys)[t % girls.length]!
      const [last] = families[(t * 3) % families.length]!
      await tx.query(
        `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type, roles) VALUES ($1, $2, $3, $4, $5, $6, 'Teacher', $7::text::jsonb)`,
        [id, schoolId, benchTeacherEmail(t), teacherHash, first, last, roles],
      )
      teacherIds.push(id)
    }
    let student = 0
    for (let r = 0; r < schoolShape.rooms; r++) {
      const grade = 1 + Math.floor(r / divisions.length)
      const [divisionEn, divisionAr] = divisions[r % divisions.length]!
      const [room] = await tx.query<{ id: number }>(
        'INSERT INTO class_rooms (school_id, stage_id, name_en, name_ar, division_en, division_ar) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [schoolId, stages[grade <= 6 ? 0 : 1], roomName(r).name, `الصف ${grade}`, divisionEn, divisionAr],
      )
      for (let k = 0; k < schoolShape.subjectsPerRoom; k++)
        await tx.query('INSERT INTO class_room_subjects (school_id, class_room_id, subject_id, sort) VALUES ($1, $2, $3, $4)', [
          schoolId,
          room!.id,
          subjects[(r + k) % subjects.length],
          k,
        ])
      for (let t = 0; t < schoolShape.teachers; t++)
        if (roomsOfTeacher(t).includes(r))
          await tx.query('INSERT INTO class_room_teachers (school_id, teacher_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, teacherIds[t], room!.id])
      // A room's parents, accounts and students in three statements, in seat order.
      const seats = Array.from({ length: schoolShape.studentsPerRoom }, (_, seat) => {
        const n = student + seat
        const [firstEn, firstAr] = (n % 2 === 0 ? boys : girls)[(n * 7) % boys.length]!
        const [familyEn, familyAr] = families[(n * 5 + 1) % families.length]!
        const [parentEn, parentAr] = boys[(n * 11 + 4) % boys.length]!
        return { n, firstEn, firstAr, familyEn, familyAr, parentEn, parentAr, userId: randomUUID() }
      })
      student += seats.length
      const parents = await insertRows<{ id: number }>(
        tx,
        'parents (school_id, name_en, name_ar, phone, email)',
        seats.map((p) => [
          schoolId,
          `${p.parentEn} ${p.familyEn}`,
          `${p.parentAr} ${p.familyAr}`,
          `011${String(10000000 + p.n * 7919).slice(0, 8)}`,
          `bench-parent-${p.n + 1}@fasl.school`,
        ]),
        'RETURNING id',
      )
      // Serial ids are handed out in the order of the VALUES.
      const parentIds = parents.map((parent) => parent.id).sort((a, b) => a - b)
      await insertRows(
        tx,
        'users (id, school_id, email, password_hash, first_name, last_name, user_type)',
        seats.map((p) => [p.userId, schoolId, benchStudentEmail(p.n), studentHash, p.firstEn, p.familyEn, 'Student']),
      )
      await insertRows(
        tx,
        'students (school_id, class_room_id, parent_id, name_en, name_ar, user_id)',
        seats.map((p, seat) => [
          schoolId,
          room!.id,
          parentIds[seat],
          `${p.firstEn} ${p.parentEn} ${p.familyEn}`,
          `${p.firstAr} ${p.parentAr} ${p.familyAr}`,
          p.userId,
        ]),
      )
    }
  })
}

/** Migrates, seeds the demo school and grows it into the bench's school, then closes the database. */
const seedInto = async (db: DbClient) => {
  try {
    await migrate(db, migrationSets)
    await seedDemoSchool(db)
    await growSchool(db)
  } finally {
    await db.close()
  }
}

/** The school in an embedded database folder (`<dataDir>/db`, where the server looks for it). */
export const seedSchoolPglite = (dataDir: string) => openPglite(join(dataDir, 'db')).then(seedInto)

/** The school in an empty PostgreSQL database. */
export const seedSchoolPostgres = (databaseUrl: string) => openPostgres(databaseUrl).then(seedInto)
