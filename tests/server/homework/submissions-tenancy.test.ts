import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { grantRole } from '../support/roles.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { seedSecondSchool, seedSecondSchoolStudent, secondSchool, secondSchoolStudent, type SecondSchool } from '../support/second-school.ts'
import { api, homeworkAround, insertHomework, partlyRightAnswers, post, studentOf, submissionsTable } from '../support/submissions.ts'
import { tenancyProblem } from '../support/tenancy-check.ts'

type Attempt = readonly [method: 'GET' | 'POST', path: string, body?: unknown]

/** Every student call that takes a homework id. */
const studentAttempts = (homeworkId: number): ReadonlyArray<Attempt> => [
  ['POST', '/Student/OpenHomework', { homeworkId }],
  ['POST', '/Student/SaveHomeworkDraft', { homeworkId, version: null, answers: { single: partlyRightAnswers.single } }],
  ['POST', '/Student/SubmitHomework', { homeworkId, version: null, answers: partlyRightAnswers }],
  ['POST', `/Student/UploadAnswerFile?HomeworkID=${homeworkId}&QuestionID=essay&FileName=essay.pdf`, new TextEncoder().encode('%PDF-1.4\n%%EOF\n')],
  ['POST', '/Student/UndoHandIn', { homeworkId, version: 1 }],
]

/** Every correction call that takes a homework, student or class room id (`version` as read by the rightful teacher). */
const teacherAttempts = (homeworkId: number, studentId: number, classRoomId: number, version: number): ReadonlyArray<Attempt> => [
  ['GET', `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`],
  ['GET', `/HomeWork/GetHomeworkClassAnswers?HomeworkID=${homeworkId}`],
  ['GET', `/HomeWork/GetStudentSubmission?HomeworkID=${homeworkId}&StudentID=${studentId}`],
  ['POST', '/HomeWork/GradeSubmission', { homeworkId, studentId, version, reviews: [{ questionId: 'essay', score: 3 }], comment: 'Not yours to grade' }],
  ['POST', '/HomeWork/MarkSubmissionCorrected', { homeworkId, studentId, version }],
  ['POST', '/HomeWork/MarkSubmissionCorrected', { homeworkId, studentId, version, reviews: [{ questionId: 'essay', score: 3 }], comment: 'Not yours to mark' }],
  ['POST', '/HomeWork/ReopenSubmissionCorrection', { homeworkId, studentId, version }],
  ['GET', `/HomeWork/ExportGradeBook?ClassRoomID=${classRoomId}`],
  ['POST', '/HomeWork/ExtendStudentDueDate', { homeworkId, studentId, dueAt: new Date(Date.now() + 96 * 3_600_000).toISOString() }],
]

/**
 * Students' work and its correction are bound to the caller: a student to homework aimed at her,
 * a teacher to the class rooms she teaches, everyone to her school. Each call with someone else's
 * ids is refused (404, or 403 for the wrong user type), nothing changes, and every statement the
 * call runs is bound to the caller's school.
 */
describe.each(testDatabases)('student homework and correction calls are bound to the caller on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  let second: SecondSchool
  const tokens = { teacher: '', teacher2: '', student: '', student2: '', secondTeacher: '', secondStudent: '' }
  let studentId: number
  let student2Id: number
  let inA: HomeworkDetails
  let forOthersInA: HomeworkDetails
  let secondSchools: HomeworkDetails
  let version: number
  let recording: Array<{ sql: string; params: ReadonlyArray<unknown> }> | null = null

  beforeAll(async () => {
    server = await database.start({}, { onStatement: (sql, params) => recording?.push({ sql, params }) })
    base = server.url
    ids = await demoIds(server.db)
    second = await seedSecondSchool(server.db)
    await seedSecondSchoolStudent(server.db, second)
    // teacher2 is the other teacher of Grade 4 B here: with Assignments, so only her class rooms limit her (authorization.test.ts: without it, 403).
    await grantRole(server.db, accounts.teacher2.email, 'Assignments')
    for (const role of ['teacher', 'teacher2', 'student', 'student2'] as const) tokens[role] = (await signedIn(base, accounts[role])).accessToken
    tokens.secondTeacher = (await signedIn(base, secondSchool.teacher)).accessToken
    tokens.secondStudent = (await signedIn(base, secondSchoolStudent)).accessToken
    studentId = (await studentOf(server.db, accounts.student.email)).id
    student2Id = (await studentOf(server.db, accounts.student2.email)).id
    const now = Date.now()
    inA = await insertHomework(base, tokens.teacher, homeworkAround(now, ids.roomA, ids.mathematics, 48))
    forOthersInA = await insertHomework(
      base,
      tokens.teacher,
      homeworkAround(now, ids.roomA, ids.mathematics, 48, {
        target: { kind: 'students', studentIds: ids.studentsOfA.filter((id) => id !== studentId).slice(0, 3) },
      }),
    )
    secondSchools = await insertHomework(base, tokens.secondTeacher, homeworkAround(now, second.classRoomId, second.subjectId, 48))
    // Her work, handed in: every correction call would succeed for the right teacher.
    const submitted = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: inA.id, version: null, answers: partlyRightAnswers },
      tokens.student,
    )
    expect(submitted.body.responseCode, JSON.stringify(submitted.body)).toBe(200)
    version = submitted.body.responseData.version!
  })
  afterAll(() => server.close())

  const expectAllRefused = async (token: string, schoolId: number, expected: number, list: ReadonlyArray<Attempt>) => {
    const before = await submissionsTable(server.db)
    for (const [method, path, body] of list) {
      recording = []
      const answer = await call(base, method, api + path, body, { token, idempotencyKey: method === 'POST' ? randomUUID() : undefined })
      const statements = recording
      recording = null
      expect(answer.status, `${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`).toBe(expected)
      expect(answer.body.responseCode).not.toBe(200)
      expect(statements.map((statement) => tenancyProblem(statement, schoolId)).filter((problem) => problem !== null)).toEqual([])
    }
    expect(await submissionsTable(server.db)).toBe(before)
    expect(await server.db.query('SELECT * FROM homework_due_extensions')).toEqual([])
  }

  it('a student of another class room, one the homework is not aimed at, or of another school gets 404', async () => {
    await expectAllRefused(tokens.student2, ids.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(forOthersInA.id))
    await expectAllRefused(tokens.secondStudent, second.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(secondSchools.id))
  })

  it('a teacher who does not teach the class room, or of another school, gets 404; so does a student the homework is not aimed at', async () => {
    await expectAllRefused(tokens.teacher2, ids.schoolId, 404, teacherAttempts(inA.id, studentId, ids.roomA, version))
    await expectAllRefused(tokens.secondTeacher, second.schoolId, 404, teacherAttempts(inA.id, studentId, ids.roomA, version))
    await expectAllRefused(tokens.teacher, ids.schoolId, 404, teacherAttempts(secondSchools.id, studentId, second.classRoomId, version))
    // Her own homework with a student of another class room, or one it is not aimed at.
    await expectAllRefused(
      tokens.teacher,
      ids.schoolId,
      404,
      teacherAttempts(inA.id, student2Id, ids.roomA, version).filter(
        ([, path]) => !/GetHomeworkSubmissions|GetHomeworkClassAnswers|ExportGradeBook/u.test(path),
      ),
    )
    await expectAllRefused(
      tokens.teacher,
      ids.schoolId,
      404,
      teacherAttempts(forOthersInA.id, studentId, ids.roomA, version).filter(
        ([, path]) => !/GetHomeworkSubmissions|GetHomeworkClassAnswers|ExportGradeBook/u.test(path),
      ),
    )
  })

  it('students are refused the correction calls and teachers the student calls (403)', async () => {
    await expectAllRefused(tokens.student, ids.schoolId, 403, teacherAttempts(inA.id, studentId, ids.roomA, version))
    await expectAllRefused(tokens.teacher, ids.schoolId, 403, studentAttempts(inA.id))
  })

  it('the rightful teacher, with the same ids, succeeds (the refusals above are not for another reason)', async () => {
    const work = await call<SubmissionForCorrection>(
      base,
      'GET',
      `${api}/HomeWork/GetStudentSubmission?HomeworkID=${inA.id}&StudentID=${studentId}`,
      undefined,
      { token: tokens.teacher },
    )
    expect(work.body.responseData).toMatchObject({ status: 'ready', version })
    const done = await post<SubmissionForCorrection>(base, '/HomeWork/MarkSubmissionCorrected', { homeworkId: inA.id, studentId, version }, tokens.teacher)
    expect(done.body.responseData.status).toBe('done')
  })
})
