import { randomUUID } from 'node:crypto'
import type { DemoSchool } from '../../../server/feature.ts'
import { boys, families, girls } from './demo-names.ts'
import { demoPhotoPath } from './demo-photos.ts'

/** The student accounts: the first student of the first and of the second class room signs in with them. */
const studentAccounts = [
  { email: 'student@fasl.school', classRoom: 0 },
  { email: 'student2@fasl.school', classRoom: 1 },
] as const

const stages = [
  ['Primary', 'الابتدائية'],
  ['Preparatory', 'الإعدادية'],
  ['Secondary', 'الثانوية'],
] as const

const subjectNames = [
  ['Arabic', 'اللغة العربية'],
  ['English', 'اللغة الإنجليزية'],
  ['Mathematics', 'الرياضيات'],
  ['Science', 'العلوم'],
  ['Social Studies', 'الدراسات الاجتماعية'],
  ['Religious Education', 'التربية الدينية'],
  ['Art', 'التربية الفنية'],
  ['Physics', 'الفيزياء'],
  ['Chemistry', 'الكيمياء'],
  ['Computer Science', 'الحاسب الآلي'],
] as const

// [stage index, grade en, grade ar, division en, division ar, subject indexes, teachers]
const classRooms = [
  [0, 'Grade 4', 'الصف الرابع', 'A', 'أ', [0, 1, 2, 3, 5, 6], ['teacher', 'supervisor']],
  [0, 'Grade 4', 'الصف الرابع', 'B', 'ب', [0, 1, 2, 3, 5, 6], ['teacher', 'teacher2']],
  [1, 'Grade 7', 'الصف السابع', 'A', 'أ', [0, 1, 2, 3, 4, 5, 9], ['teacher', 'teacher2']],
  [2, 'Grade 10', 'الصف العاشر', 'Science / 1', 'علمي / 1', [0, 1, 2, 7, 8, 9], ['supervisor']],
] as const

const studentsPerClassRoom = 25

const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/**
 * The two semesters of the school year `today` falls in, or of the coming one from July on: the
 * first from September to January, the second from February to the end of June. July and August
 * are in neither.
 */
const demoSemesters = (today: Date) => {
  const year = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1
  return [
    { en: 'First semester', ar: 'الفصل الدراسي الأول', startsOn: isoDate(year, 9, 1), endsOn: isoDate(year + 1, 1, 31) },
    { en: 'Second semester', ar: 'الفصل الدراسي الثاني', startsOn: isoDate(year + 1, 2, 1), endsOn: isoDate(year + 1, 6, 30) },
  ] as const
}

/**
 * The class room's part of the demo school (after the core's school and staff): stages, subjects,
 * semesters, class rooms with their subjects and teachers, students and their parents, and the two
 * student accounts.
 */
export const seedClassroomDemo = async ({ tx, schoolId, staff, passwordHash }: DemoSchool): Promise<void> => {
  const stageIds: number[] = []
  for (const [index, [en, ar]] of stages.entries())
    stageIds.push(
      (
        await tx.query<{ id: number }>('INSERT INTO educational_stages (school_id, name_en, name_ar, sort) VALUES ($1, $2, $3, $4) RETURNING id', [
          schoolId,
          en,
          ar,
          index,
        ])
      )[0]!.id,
    )
  const subjectIds: number[] = []
  for (const [en, ar] of subjectNames)
    subjectIds.push(
      (await tx.query<{ id: number }>('INSERT INTO subjects (school_id, name_en, name_ar) VALUES ($1, $2, $3) RETURNING id', [schoolId, en, ar]))[0]!.id,
    )
  for (const [sort, semester] of demoSemesters(new Date()).entries())
    await tx.query('INSERT INTO semesters (school_id, name_en, name_ar, starts_on, ends_on, sort) VALUES ($1, $2, $3, $4, $5, $6)', [
      schoolId,
      semester.en,
      semester.ar,
      semester.startsOn,
      semester.endsOn,
      sort,
    ])
  let studentNumber = 0
  const firstStudents: Array<{ id: number; first: string; last: string }> = []
  for (const [stage, gradeEn, gradeAr, divisionEn, divisionAr, subjects, teachers] of classRooms) {
    const [room] = await tx.query<{ id: number }>(
      'INSERT INTO class_rooms (school_id, stage_id, name_en, name_ar, division_en, division_ar) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [schoolId, stageIds[stage], gradeEn, gradeAr, divisionEn, divisionAr],
    )
    for (const [sort, subject] of subjects.entries())
      await tx.query('INSERT INTO class_room_subjects (school_id, class_room_id, subject_id, sort) VALUES ($1, $2, $3, $4)', [
        schoolId,
        room!.id,
        subjectIds[subject],
        sort,
      ])
    for (const teacher of teachers)
      await tx.query('INSERT INTO class_room_teachers (school_id, teacher_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, staff[teacher], room!.id])
    for (let seat = 0; seat < studentsPerClassRoom; seat++, studentNumber++) {
      const names = studentNumber % 2 === 0 ? boys : girls
      const [firstEn, firstAr] = names[(studentNumber * 7) % names.length]!
      const [familyEn, familyAr] = families[(studentNumber * 5 + 3) % families.length]!
      const [parentEn, parentAr] = boys[(studentNumber * 11 + 1) % boys.length]!
      const [parent] = await tx.query<{ id: number }>(
        'INSERT INTO parents (school_id, name_en, name_ar, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [
          schoolId,
          `${parentEn} ${familyEn}`,
          `${parentAr} ${familyAr}`,
          `010${String(10000000 + studentNumber * 7919).slice(0, 8)}`,
          `parent${studentNumber + 1}@fasl.school`,
        ],
      )
      const [student] = await tx.query<{ id: number }>(
        'INSERT INTO students (school_id, class_room_id, parent_id, name_en, name_ar, photo) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [schoolId, room!.id, parent!.id, `${firstEn} ${parentEn} ${familyEn}`, `${firstAr} ${parentAr} ${familyAr}`, demoPhotoPath(studentNumber)],
      )
      if (seat === 0) firstStudents.push({ id: student!.id, first: firstEn, last: familyEn })
    }
  }
  for (const account of studentAccounts) {
    const student = firstStudents[account.classRoom]!
    const userId = randomUUID()
    await tx.query(`INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, $5, $6, 'Student')`, [
      userId,
      schoolId,
      account.email,
      passwordHash('Student#2026'),
      student.first,
      student.last,
    ])
    await tx.query('UPDATE students SET user_id = $1 WHERE id = $2 AND school_id = $3', [userId, student.id, schoolId])
  }
}
