import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkDetails, HomeworkSaved } from '../../../plugins/homework/contract/homework.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, homeworkTables, validHomework, type DemoIds } from '../support/homework.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { grantRole } from '../support/roles.ts'
import { seedSecondSchool, secondSchool, type SecondSchool } from '../support/second-school.ts'
import { startRecordingServer, type Attempt, type RecordingServer } from '../support/refusals.ts'

const api = '/school/api'

/**
 * Every id-taking homework call, made with ids the caller may not use: teacher2 with the teacher's
 * homework and class room, a student with her own class room, the other school's teacher with the
 * first school's ids and the first school's teacher with the other's. Each is refused (404, 105 on
 * the field, or 403 for a student) and no homework row changes. Every statement the calls run is
 * bound to the caller's school.
 */
describe.each(testDatabases)("homework calls are bound to the caller's school, class rooms and own homework on $name", (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  let second: SecondSchool
  const tokens = { teacher: '', teacher2: '', student: '', secondTeacher: '' }
  // The teacher's homework in Grade 4 A (not teacher2's room) and in Grade 4 B (shared with teacher2), and the other school's.
  let ownInA: HomeworkDetails
  let ownInB: HomeworkDetails
  let secondSchools: HomeworkDetails
  let refusals: RecordingServer

  beforeAll(async () => {
    refusals = await startRecordingServer(database)
    server = refusals.server
    base = server.url
    ids = await demoIds(server.db)
    second = await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    // teacher2 is the other teacher of Grade 4 B here: with Assignments, so only ownership refuses her (authorization.test.ts: without it, 403).
    await grantRole(server.db, accounts.teacher2.email, 'Assignments')
    tokens.teacher2 = (await signedIn(base, accounts.teacher2)).accessToken
    tokens.student = (await signedIn(base, accounts.student)).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    const insert = async (token: string, body: unknown) => {
      const answer = await call<HomeworkSaved>(base, 'POST', `${api}/HomeWork/InsertHomeWork`, body, { token, idempotencyKey: randomUUID() })
      expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
      return answer.body.responseData.homework
    }
    ownInA = await insert(tokens.teacher, validHomework(ids.roomA, ids.mathematics))
    ownInB = await insert(tokens.teacher, validHomework(ids.roomB, ids.mathematics))
    secondSchools = await insert(tokens.secondTeacher, validHomework(second.classRoomId, second.subjectId))
  })
  afterAll(() => server.close())

  const edit = (homework: HomeworkDetails) => {
    const { id, version, subjectId, title, text, type, questions, totalDegree, startsAt, dueAt, target } = homework
    return { id, version, subjectId, title: `${title} changed`, text, type, questions, totalDegree, startsAt, dueAt, target }
  }

  /** Every id-taking call with the ids of `homework` and `classRoomId`. */
  const attempts = (homework: HomeworkDetails, classRoomId: number, subjectId: number, studentId: number): ReadonlyArray<Attempt> =>
    [
      ['GET', `/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=${homework.id}`],
      ['GET', `/HomeWork/GetClassRoomHomeworkDetailsForEdit?HomeworkID=${homework.id}&ClassRoomID=${classRoomId}`],
      ['GET', `/HomeWork/GetClassRoomHomeworks?ClassRoomID=${classRoomId}`],
      ['GET', `/HomeWork/GetClassRoomHomeworksForFetch?ClassRoomID=${classRoomId}&StartDate=2026-01-01&EndDate=2026-12-31`],
      ['GET', `/ClassRoom/GetClassRoomStudents?ClassRoomID=${classRoomId}`],
      ['POST', '/HomeWork/InsertHomeWork', validHomework(classRoomId, subjectId, { target: { kind: 'students', studentIds: [studentId] } })],
      ['POST', '/HomeWork/EditHomeWork', edit(homework)],
      ['POST', '/HomeWork/RemoveHomeWork?forceDelete=true', { id: homework.id }],
      ['POST', '/HomeWork/CloneHomework', { homeworkId: homework.id, classRoomId, startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-11T08:00:00Z' }],
    ] as const

  const expectAllRefused = (token: string, schoolId: number, statuses: ReadonlyArray<number>, attempts: ReadonlyArray<Attempt>) =>
    refusals.expectAllRefused({ token, schoolId, statuses, unchanged: () => homeworkTables(server.db) }, attempts)

  it("teacher2 cannot read, change, delete or clone the teacher's homework, nor use Grade 4 A (404)", async () => {
    await expectAllRefused(tokens.teacher2, ids.schoolId, [404], attempts(ownInA, ids.roomA, ids.mathematics, ids.studentsOfA[0]!))
  })

  it("teacher2 reads Grade 4 B, which she teaches too, but not the teacher's homework in it", async () => {
    const list = await call<Array<{ id: number; isMine: boolean }>>(base, 'GET', `${api}/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomB}`, undefined, {
      token: tokens.teacher2,
    })
    expect(list.body.responseData).toContainEqual(expect.objectContaining({ id: ownInB.id, isMine: false }))
    const mine = attempts(ownInB, ids.roomB, ids.mathematics, ids.studentsOfB[0]!).filter(
      ([, path]) => !path.includes('GetClassRoomHomeworks') && !path.includes('GetClassRoomStudents') && !path.includes('InsertHomeWork'),
    )
    await expectAllRefused(
      tokens.teacher2,
      ids.schoolId,
      [404],
      mine.filter(([, path]) => !path.includes('CloneHomework')),
    )
    // Cloning another teacher's homework into her own class room: the source is not hers.
    await expectAllRefused(
      tokens.teacher2,
      ids.schoolId,
      [404],
      mine.filter(([, path]) => path.includes('CloneHomework')),
    )
  })

  it("the other school's teacher gets nothing of the first school, and the first school's teacher nothing of hers", async () => {
    await expectAllRefused(tokens.secondTeacher, second.schoolId, [404], attempts(ownInA, ids.roomA, ids.mathematics, ids.studentsOfA[0]!))
    await expectAllRefused(tokens.teacher, ids.schoolId, [404], attempts(secondSchools, second.classRoomId, second.subjectId, ids.studentsOfA[0]!))
  })

  it("a class room of hers with another school's subject or student answers 105 on the field, and stores nothing", async () => {
    const [secondStudent] = await server.db.query<{ id: number }>(
      `INSERT INTO parents (school_id, name_en, name_ar, phone) VALUES ($1, 'P', 'ب', '01000000000') RETURNING id`,
      [second.schoolId],
    )
    const [student] = await server.db.query<{ id: number }>(
      `INSERT INTO students (school_id, class_room_id, parent_id, name_en, name_ar) VALUES ($1, $2, $3, 'Second Student', 'طالب ثان') RETURNING id`,
      [second.schoolId, second.classRoomId, secondStudent!.id],
    )
    const before = await homeworkTables(server.db)
    const foreignSubject = await call(base, 'POST', `${api}/HomeWork/InsertHomeWork`, validHomework(ids.roomA, second.subjectId), {
      token: tokens.teacher,
      idempotencyKey: randomUUID(),
    })
    expect(foreignSubject.body.validationList.map((item) => item.field)).toEqual(['subjectId'])
    const foreignStudent = await call(
      base,
      'POST',
      `${api}/HomeWork/InsertHomeWork`,
      validHomework(ids.roomA, ids.mathematics, { target: { kind: 'students', studentIds: [student!.id] } }),
      {
        token: tokens.teacher,
        idempotencyKey: randomUUID(),
      },
    )
    expect(foreignStudent.body.validationList.map((item) => item.field)).toEqual(['target.studentIds.0'])
    const clone = await call(
      base,
      'POST',
      `${api}/HomeWork/CloneHomework`,
      { homeworkId: ownInA.id, classRoomId: ids.roomB, subjectId: second.subjectId, startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-11T08:00:00Z' },
      {
        token: tokens.teacher,
        idempotencyKey: randomUUID(),
      },
    )
    expect(clone.body.validationList.map((item) => item.field)).toEqual(['subjectId'])
    expect(await homeworkTables(server.db)).toEqual(before)
  })

  it("copies her own homework under a new title only into a class room she teaches: another teacher's or another school's room answers 404", async () => {
    const copyInto = (classRoomId: number, subjectId?: number) =>
      call(
        base,
        'POST',
        `${api}/HomeWork/CloneHomework`,
        {
          homeworkId: ownInA.id,
          classRoomId,
          ...(subjectId === undefined ? {} : { subjectId }),
          title: 'Copy for another room',
          startsAt: '2026-12-10T08:00:00Z',
          dueAt: '2026-12-11T08:00:00Z',
        },
        { token: tokens.teacher, idempotencyKey: randomUUID() },
      )
    const before = await homeworkTables(server.db)
    // Grade 10 Science / 1 is the supervisor's only; the second school's room is not of this school.
    for (const [classRoomId, subjectId] of [
      [ids.roomScience, undefined],
      [ids.roomScience, ids.physics],
      [second.classRoomId, undefined],
      [second.classRoomId, second.subjectId],
    ] as const) {
      const answer = await copyInto(classRoomId, subjectId)
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
    }
    // A room of hers with a subject not taught there (another school's, or another room's): 105 on the subject.
    for (const subjectId of [second.subjectId, ids.physics]) {
      const answer = await copyInto(ids.roomB, subjectId)
      expect(answer.body.validationList.map((item) => item.field)).toEqual(['subjectId'])
    }
    expect(await homeworkTables(server.db)).toEqual(before)
    const copied = await call<HomeworkSaved>(
      base,
      'POST',
      `${api}/HomeWork/CloneHomework`,
      { homeworkId: ownInA.id, classRoomId: ids.roomB, title: '  Copy for Grade 4 B  ', startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-11T08:00:00Z' },
      { token: tokens.teacher, idempotencyKey: randomUUID() },
    )
    expect(copied.body.responseData.homework).toMatchObject({ classRoomId: ids.roomB, title: 'Copy for Grade 4 B', text: ownInA.text })
    for (const title of ['ab', 'x'.repeat(61), 'Copy\u202Ebad']) {
      const refused = await call(
        base,
        'POST',
        `${api}/HomeWork/CloneHomework`,
        { homeworkId: ownInA.id, classRoomId: ids.roomB, title: JSON.parse(`"${title}"`), startsAt: '2026-12-10T08:00:00Z', dueAt: '2026-12-11T08:00:00Z' },
        { token: tokens.teacher, idempotencyKey: randomUUID() },
      )
      expect(refused.body.responseCode, title).toBe(105)
      expect(refused.body.validationList.map((item) => item.field)).toEqual(['title'])
    }
  })

  it('a student is refused every homework call (403), her own class room included', async () => {
    await expectAllRefused(tokens.student, ids.schoolId, [403], attempts(ownInA, ids.roomA, ids.mathematics, ids.studentsOfA[0]!))
  })

  it('signed out, every homework call answers 401 and changes nothing', async () => {
    const before = await homeworkTables(server.db)
    for (const [method, path, body] of attempts(ownInA, ids.roomA, ids.mathematics, ids.studentsOfA[0]!)) {
      const answer = await call(base, method, api + path, body, { idempotencyKey: method === 'POST' ? randomUUID() : undefined })
      expect(answer.status, path).toBe(401)
    }
    expect(await homeworkTables(server.db)).toEqual(before)
  })

  it('the author herself still reads and edits her homework (the refusals above were not for every caller)', async () => {
    const answer = await call<HomeworkDetails>(base, 'POST', `${api}/HomeWork/EditHomeWork`, edit(ownInA), {
      token: tokens.teacher,
      idempotencyKey: randomUUID(),
    })
    expect(answer.body.responseData).toMatchObject({ id: ownInA.id, title: `${ownInA.title} changed`, version: 2 })
  })
})
