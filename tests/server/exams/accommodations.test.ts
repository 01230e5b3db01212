import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClassRoomAccommodations, StudentAccommodation } from '../../../plugins/exams/contract/accommodations.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, call, expect105, signedIn } from '../support/http.ts'
import { startRecordingServer, type RecordingServer } from '../support/refusals.ts'
import { grantRole } from '../support/roles.ts'
import { seedSecondSchool, seedSecondSchoolStudent, secondSchool, type SecondSchool } from '../support/second-school.ts'

const examApi = '/exam/api'

const accommodationsTable = async (server: StartedServer) =>
  (await server.db.query<{ rows: string }>(`SELECT coalesce(json_agg(a ORDER BY a.student_id)::text, '') AS rows FROM exam_accommodations a`))[0]!.rows

/**
 * Accommodation profiles (issue 22): a teacher of a class room gives one of its students extra
 * time once; nobody else reads or changes it.
 */
describe.each(testDatabases)('students’ extra time for timed exams on $name', (database) => {
  let server: StartedServer
  let refusals: RecordingServer
  let ids: DemoIds
  let second: SecondSchool
  let tokens: Record<'teacher' | 'teacher2' | 'supervisor' | 'student' | 'secondTeacher', string>
  let secondStudentId: number

  const get = <T>(path: string, token: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<T>(server.url, 'GET', examApi + path, undefined, { token, language })
  const post = <T>(path: string, body: unknown, token: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<T>(server.url, 'POST', examApi + path, body, { token, idempotencyKey: randomUUID(), language })

  beforeAll(async () => {
    refusals = await startRecordingServer(database)
    server = refusals.server
    ids = await demoIds(server.db)
    second = await seedSecondSchool(server.db)
    await seedSecondSchoolStudent(server.db, second)
    ;[{ id: secondStudentId }] = (await server.db.query<{ id: number }>('SELECT id FROM students WHERE school_id = $1', [second.schoolId])) as [{ id: number }]
    const token = async (account: { email: string; password: string }) => (await signedIn(server.url, account)).accessToken
    tokens = {
      teacher: await token(accounts.teacher),
      teacher2: await token(accounts.teacher2),
      supervisor: await token(accounts.supervisor),
      student: await token(accounts.student),
      secondTeacher: await token(secondSchool.teacher),
    }
  })
  afterAll(() => server.close())

  it('her teacher reads the class room with no extra time, gives one student 25%, and reads it back in both languages', async () => {
    const before = await get<ClassRoomAccommodations>(`/Accommodations/GetClassRoomAccommodations?ClassRoomID=${ids.roomA}`, tokens.teacher)
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(before.body.responseData.students.map((student) => student.studentId).sort((a, b) => a - b)).toEqual([...ids.studentsOfA].sort((a, b) => a - b))
    expect(before.body.responseData.students.every((student) => student.extraTimePercent === 0)).toBe(true)
    const studentId = ids.studentsOfA[0]!
    const saved = await post<StudentAccommodation>('/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent: 25 }, tokens.teacher, 'ar-EG')
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.responseData).toMatchObject({ studentId, extraTimePercent: 25, name: expect.stringMatching(/[\u0600-\u06ff]/u) })
    const after = await get<ClassRoomAccommodations>(`/Accommodations/GetClassRoomAccommodations?ClassRoomID=${ids.roomA}`, tokens.teacher)
    expect(after.body.responseData.students.find((student) => student.studentId === studentId)?.extraTimePercent).toBe(25)
    // Changed again (an upsert), then taken away with 0.
    await post('/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent: 50 }, tokens.teacher)
    const [row] = await server.db.query<{ extra: number }>('SELECT extra_time_percent AS extra FROM exam_accommodations WHERE student_id = $1', [studentId])
    expect(row?.extra).toBe(50)
    await post('/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent: 0 }, tokens.teacher)
    const last = await get<ClassRoomAccommodations>(`/Accommodations/GetClassRoomAccommodations?ClassRoomID=${ids.roomA}`, tokens.teacher)
    expect(last.body.responseData.students.find((student) => student.studentId === studentId)?.extraTimePercent).toBe(0)
  })

  it('a share that is negative, over 200%, fractional or missing is refused with 105 on extraTimePercent, in the caller’s language, and nothing changes', async () => {
    const before = await accommodationsTable(server)
    const studentId = ids.studentsOfA[1]!
    for (const extraTimePercent of [-5, 201, 12.5, '25', null])
      expect105(await post('/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent }, tokens.teacher), 'extraTimePercent', /\S/u)
    const arabic = await post('/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent: 500 }, tokens.teacher, 'ar-EG')
    expect105(arabic, 'extraTimePercent', /[\u0600-\u06ff]/u)
    expect(await accommodationsTable(server)).toBe(before)
  })

  it('another class room’s teacher, another school’s teacher, a student and a teacher without the Exams role are refused, reading and writing nothing', async () => {
    const inA = ids.studentsOfA[2]!
    const inB = ids.studentsOfB[0]!
    const [{ id: inScience }] = (await server.db.query<{ id: number }>('SELECT id FROM students WHERE class_room_id = $1 ORDER BY id LIMIT 1', [
      ids.roomScience,
    ])) as [{ id: number }]
    const attempts = (studentId: number, classRoomId: number) =>
      [
        ['GET', `/Accommodations/GetClassRoomAccommodations?ClassRoomID=${classRoomId}`],
        ['POST', '/Accommodations/UpdateStudentAccommodation', { studentId, extraTimePercent: 100 }],
      ] as const
    const unchanged = () => accommodationsTable(server)
    const [{ schoolId }] = (await server.db.query<{ schoolId: number }>('SELECT school_id AS "schoolId" FROM users WHERE email = $1', [
      accounts.teacher.email,
    ])) as [{ schoolId: number }]
    // The demo teacher teaches Grade 4 A and B, not Grade 10 Science (the supervisor's): its student and room, and the second school's, are unknown to her.
    await refusals.expectAllRefused(
      { token: tokens.teacher, schoolId, statuses: 404, unchanged },
      [...attempts(inScience, ids.roomScience), ...attempts(secondStudentId, second.classRoomId)],
      examApi,
    )
    await refusals.expectAllRefused({ token: tokens.secondTeacher, schoolId: second.schoolId, statuses: 404, unchanged }, attempts(inA, ids.roomA), examApi)
    // teacher2 teaches Grade 4 B but holds no Exams role; a student is no teacher.
    await refusals.expectAllRefused({ token: tokens.teacher2, schoolId, statuses: 403, unchanged }, attempts(inB, ids.roomB), examApi)
    await refusals.expectAllRefused({ token: tokens.student, schoolId, statuses: 403, unchanged }, attempts(inA, ids.roomA), examApi)
    // With the Exams role (a new sign-in: the account's state is read afresh), teacher2 sets her own room's student.
    await grantRole(server.db, accounts.teacher2.email, 'Exams')
    const teacher2 = (await signedIn(server.url, accounts.teacher2)).accessToken
    const own = await post<StudentAccommodation>('/Accommodations/UpdateStudentAccommodation', { studentId: inB, extraTimePercent: 33 }, teacher2)
    expect(own.status, JSON.stringify(own.body)).toBe(200)
  })
})
