import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course, TeacherSubject } from '../../../plugins/courses/contract/courses-api.ts'
import { schoolToday } from '../../../plugins/courses/contract/courses.ts'
import type { StudentCourse } from '../../../plugins/courses/contract/student-courses-api.ts'
import { coursesFeature } from '../../../plugins/courses/server/feature.ts'
import type { StartedServer } from '../../../server/app.ts'
import { migrate } from '../../../server/db/migrate.ts'
import { migrationSets } from '../../../server/features.ts'
import { diskFileStore } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn, type Answer } from '../support/http.ts'
import { migrationEngines } from '../support/migration-databases.ts'
import { seedSecondSchool, type SecondSchool } from '../support/second-school.ts'
import { classRoomOf, pdf, subjectOf, uploaded } from './course-people.ts'

const api = '/school/api'

describe.each(testDatabases)("a course's audience: her class rooms that have its subject, and the demo's courses, on $name", (database) => {
  let server: StartedServer
  let base: string
  let second: SecondSchool
  const root = mkdtempSync(join(tmpdir(), 'fasl-course-audience-'))
  const tokens = { teacher: '', student: '', student2: '' }
  beforeAll(async () => {
    server = await database.start({}, { fileStore: diskFileStore(root) })
    base = server.url
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.student = (await signedIn(base, accounts.student)).accessToken
    tokens.student2 = (await signedIn(base, accounts.student2)).accessToken
  })
  afterAll(async () => {
    await server.close()
    rmSync(root, { recursive: true, force: true })
  })

  const courseCount = async () =>
    (await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM courses)::int + (SELECT count(*) FROM course_class_rooms)::int AS n'))[0]!.n
  const create = (input: Record<string, unknown>, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<Course>(base, 'POST', `${api}/Courses/Create`, input, { token: tokens.teacher, language })
  const expect105 = (answer: Answer, message: RegExp) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.find((item) => item.field.startsWith('classRoomIds'))?.message, JSON.stringify(answer.body.validationList)).toMatch(
      message,
    )
  }

  it('lists each subject she teaches with her class rooms that have it, named in her language', async () => {
    const english = (await call<TeacherSubject[]>(base, 'GET', `${api}/Courses/GetTeacherSubjects`, undefined, { token: tokens.teacher })).body.responseData
    const mathematics = english.find((subject) => subject.name === 'Mathematics')!
    expect(mathematics.classRooms.map((room) => `${room.name} ${room.division}`)).toEqual(['Grade 4 A', 'Grade 4 B', 'Grade 7 A'])
    // Social Studies is taught in Grade 7 A only; Physics in none of her rooms.
    expect(english.find((subject) => subject.name === 'Social Studies')!.classRooms.map((room) => room.name)).toEqual(['Grade 7'])
    expect(english.some((subject) => subject.name === 'Physics')).toBe(false)
    const arabic = (await call<TeacherSubject[]>(base, 'GET', `${api}/Courses/GetTeacherSubjects`, undefined, { token: tokens.teacher, language: 'ar-EG' }))
      .body.responseData
    expect(arabic.find((subject) => subject.id === mathematics.id)!.classRooms.map((room) => room.division)).toEqual(['أ', 'ب', 'أ'])
  })

  it('refuses an empty audience, a room not hers, one without the subject, another school’s, a repeated one and 51 (105 in both languages); nothing is stored', async () => {
    const mathematics = await subjectOf(server.db, 'Mathematics')
    const socialStudies = await subjectOf(server.db, 'Social Studies')
    const grade4A = await classRoomOf(server.db, accounts.student.email)
    const [grade10] = await server.db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE name_en = 'Grade 10'`)
    const file = await uploaded(base, tokens.teacher, pdf, 'lesson.pdf')
    const input = { subjectId: mathematics, title: 'Angles', releaseDate: '2026-12-01', description: 'Protractor practice.', attachmentIds: [file] }
    const before = await courseCount()
    expect105(await create({ ...input, classRoomIds: [] }), /^Choose at least one class room\.$/)
    expect105(await create({ ...input, classRoomIds: [] }, 'ar-EG'), /^اختر فصلًا واحدًا على الأقل\.$/)
    expect105(await create({ ...input, classRoomIds: [grade10!.id] }), /where you teach this subject/)
    expect105(await create({ ...input, classRoomIds: [grade4A, second.classRoomId] }), /where you teach this subject/)
    expect105(await create({ ...input, classRoomIds: [grade4A], subjectId: socialStudies }), /where you teach this subject/)
    expect105(await create({ ...input, classRoomIds: [grade4A], subjectId: socialStudies }, 'ar-EG'), /التي تُدرّس فيها هذه المادة/)
    expect105(await create({ ...input, classRoomIds: [grade4A, grade4A] }), /repeats another entry/)
    expect105(await create({ ...input, classRoomIds: Array.from({ length: 51 }, (_, i) => i + 1) }), /at most 50 entries/)
    expect105(await create({ ...input, classRoomIds: [0] }), /whole number/)
    expect(await courseCount()).toBe(before)
    const saved = await create({ ...input, classRoomIds: [grade4A] })
    expect(saved.status).toBe(200)
    expect(saved.body.responseData.classRooms).toEqual([{ id: grade4A, name: 'Grade 4', division: 'A' }])
  })

  it("the demo teacher's two released courses reach the demo student's room with their files; the scheduled one and the other room do not", async () => {
    const mine = (await call<StudentCourse[]>(base, 'GET', `${api}/Student/GetMyCourses`, undefined, { token: tokens.student })).body.responseData
    const demo = mine.filter((course) => course.teacherName === 'Amira Hassan' && !course.title.startsWith('Angles'))
    expect(demo.map((course) => course.title)).toEqual(['الجملة الاسمية: المبتدأ والخبر', 'Fractions: halves and quarters'])
    const fractions = demo[1]!
    expect(fractions.attachments.map((file) => [file.fileName, file.group])).toEqual([
      ['Fractions worksheet.pdf', 'doc'],
      ['Fraction wall.png', 'photo'],
      ['Fractions answers.pdf', 'doc'],
    ])
    for (const file of [...fractions.attachments, ...demo[0]!.attachments]) {
      const download = await fetch(base + file.url)
      expect(download.status, file.fileName).toBe(200)
      const bytes = new Uint8Array(await download.arrayBuffer())
      expect(bytes.length).toBe(file.size)
      expect(new TextDecoder().decode(bytes.slice(1, 4))).toBe(file.group === 'photo' ? 'PNG' : 'PDF')
    }
    const teachers = (await call<Course[]>(base, 'GET', `${api}/Courses/GetTeacherCourses`, undefined, { token: tokens.teacher })).body.responseData
    const scheduled = teachers.find((course) => course.title.startsWith('Plants and light'))!
    expect(scheduled.released).toBe(false)
    expect(scheduled.releaseDate > schoolToday(Date.now())).toBe(true)
    expect(mine.map((course) => course.id)).not.toContain(scheduled.id)
    expect((await call<StudentCourse[]>(base, 'GET', `${api}/Student/GetMyCourses`, undefined, { token: tokens.student2 })).body.responseData).toEqual([])
  })
})

describe.each(migrationEngines)('courses written before there was an audience go to their author’s class rooms with the subject, on $name', (engine) => {
  it('the audience migration gives each course the rooms its author teaches that have its subject, and no other', async () => {
    const database = await engine.create()
    const baselineOnly = mkdtempSync(join(tmpdir(), 'fasl-courses-baseline-'))
    try {
      const db = await database.connect()
      copyFileSync(join(coursesFeature.migrations, '0001_baseline.sql'), join(baselineOnly, '0001_baseline.sql'))
      await migrate(
        db,
        migrationSets.map((set) => (set.id === 'courses' ? { ...set, migrations: baselineOnly } : set)),
      )
      const [school] = await db.query<{ id: number }>(`INSERT INTO schools (name_en, name_ar) VALUES ('Old', 'قديمة') RETURNING id`)
      const s = school!.id
      const user = async (id: string) =>
        db.query(`INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, 'x', 'A', 'B', 'Teacher')`, [
          id,
          s,
          `${id}@old.school`,
        ])
      const author = '00000000-0000-4000-8000-000000000001'
      const colleague = '00000000-0000-4000-8000-000000000002'
      await user(author)
      await user(colleague)
      const [stage] = await db.query<{ id: number }>(`INSERT INTO educational_stages (school_id, name_en, name_ar) VALUES ($1, 'P', 'ب') RETURNING id`, [s])
      const room = async () =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO class_rooms (school_id, stage_id, name_en, name_ar, division_en, division_ar) VALUES ($1, $2, 'G', 'ص', 'A', 'أ') RETURNING id`,
            [s, stage!.id],
          )
        )[0]!.id
      const [withSubject, withoutSubject, colleagues] = [await room(), await room(), await room()]
      const [subject] = await db.query<{ id: number }>(`INSERT INTO subjects (school_id, name_en, name_ar) VALUES ($1, 'Maths', 'رياضيات') RETURNING id`, [s])
      for (const id of [withSubject, colleagues])
        await db.query('INSERT INTO class_room_subjects (school_id, class_room_id, subject_id) VALUES ($1, $2, $3)', [s, id, subject!.id])
      for (const [teacher, id] of [
        [author, withSubject],
        [author, withoutSubject],
        [colleague, colleagues],
      ] as const)
        await db.query('INSERT INTO class_room_teachers (school_id, teacher_id, class_room_id) VALUES ($1, $2, $3)', [s, teacher, id])
      const [course] = await db.query<{ id: number }>(
        `INSERT INTO courses (school_id, subject_id, title, release_date, description, created_by) VALUES ($1, $2, 'Old course', '2026-01-01', 'd', $3) RETURNING id`,
        [s, subject!.id, author],
      )
      expect(await migrate(db, migrationSets)).toEqual(['courses/0002_audience.sql'])
      expect(await db.query('SELECT course_id, class_room_id FROM course_class_rooms')).toEqual([{ course_id: course!.id, class_room_id: withSubject }])
    } finally {
      await database.drop()
      rmSync(baselineOnly, { recursive: true, force: true })
    }
  })
})
