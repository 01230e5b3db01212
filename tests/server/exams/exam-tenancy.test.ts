import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { createExam, examApi, examIds, examTables, validExam, type ExamIds } from '../support/exams.ts'
import { accounts, signedIn } from '../support/http.ts'
import { grantRole } from '../support/roles.ts'
import { startRecordingServer, type Attempt, type RecordingServer } from '../support/refusals.ts'
import { seedSecondSchool, secondSchool, type SecondSchool } from '../support/second-school.ts'

/**
 * Every id-taking exam call, made with ids the caller may not use: teacher2 (given Exams, so only
 * ownership refuses her) with the teacher's exam, a student, the other school's teacher with the
 * first school's exam and the first school's teacher with the other's. Each is refused (404, or 403
 * for a student) and no exam row changes; every statement the calls run is bound to the caller's school.
 */
describe.each(testDatabases)("exam calls are bound to the caller's school and own exams on $name", (database) => {
  let server: StartedServer
  let ids: ExamIds
  let second: SecondSchool
  let refusals: RecordingServer
  let teachers: FixedExamDetails
  let secondSchools: FixedExamDetails
  const tokens = { teacher: '', teacher2: '', student: '', secondTeacher: '' }

  beforeAll(async () => {
    refusals = await startRecordingServer(database)
    server = refusals.server
    ids = await examIds(server.db)
    second = await seedSecondSchool(server.db)
    await grantRole(server.db, accounts.teacher2.email, 'Exams')
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.teacher2 = (await signedIn(server.url, accounts.teacher2)).accessToken
    tokens.student = (await signedIn(server.url, accounts.student)).accessToken
    tokens.secondTeacher = (await signedIn(server.url, secondSchool.teacher)).accessToken
    teachers = await createExam(server.url, tokens.teacher, validExam(ids))
    const [stage] = await server.db.query<{ id: number }>('SELECT stage_id AS id FROM class_rooms WHERE id = $1', [second.classRoomId])
    secondSchools = await createExam(
      server.url,
      tokens.secondTeacher,
      validExam(ids, {
        subjectId: second.subjectId,
        stageId: stage!.id,
        target: { kind: 'classes', classRoomIds: [second.classRoomId] },
        correctors: [{ correctorId: second.teacherId, percentage: 100 }],
      }),
    )
  })
  afterAll(() => server.close())

  const attempts = (exam: FixedExamDetails, correctorId: string): ReadonlyArray<Attempt> => {
    const {
      id,
      version,
      teacherId: _t,
      teacherName: _n,
      status: _s,
      statusReason: _r,
      questionsLocked: _l,
      anyPaperGraded: _g,
      createdAt: _c,
      updatedAt: _u,
      ...rest
    } = exam
    const correctors = [{ correctorId, percentage: 100 }]
    return [
      ['GET', `/ExamBuilder/GetFixedExamForEdit?ExamID=${id}`],
      ['GET', `/Exams/GetTeacherExamInfo?ExamID=${id}`],
      ['POST', '/ExamBuilder/UpdateFixedExam', { examId: id, version, ...rest, title: 'Not yours', correctors }],
      ['POST', '/ExamBuilder/DeleteExam', { examId: id }],
      ['POST', `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${id}`],
      ['POST', '/ExamBuilder/UpdateCorrectors', { examId: id, version, correctorsMode: 'split', correctors }],
      ['POST', `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${id}`],
      ['POST', '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: id, decision: 'submit' }],
      ['POST', '/ExamBuilder/AssignFixedExam', { examId: id }],
      ['POST', '/ExamBuilder/RespondToCorrectorAssignment', { examId: id, accept: true }],
    ]
  }

  const expectAllRefused = (token: string, schoolId: number, statuses: ReadonlyArray<number>, list: ReadonlyArray<Attempt>) =>
    refusals.expectAllRefused({ token, schoolId, statuses, unchanged: () => examTables(server.db) }, list, examApi)

  it("teacher2 (with Exams) cannot read, change, send, assign, delete or answer for the teacher's exam (404)", async () => {
    await expectAllRefused(tokens.teacher2, ids.schoolId, [404], attempts(teachers, ids.teacher2Id))
  })

  it('a student is refused every one of them (403)', async () => {
    await expectAllRefused(tokens.student, ids.schoolId, [403], attempts(teachers, ids.teacherId))
  })

  it("the other school's teacher gets nothing of the first school, and the first school's teacher nothing of hers (404)", async () => {
    await expectAllRefused(tokens.secondTeacher, second.schoolId, [404], attempts(teachers, second.teacherId))
    await expectAllRefused(tokens.teacher, ids.schoolId, [404], attempts(secondSchools, ids.teacherId))
  })

  it("another school's subject, grade, class room, student or corrector answers 105 on the field and stores nothing", async () => {
    const [stage] = await server.db.query<{ id: number }>('SELECT stage_id AS id FROM class_rooms WHERE id = $1', [second.classRoomId])
    await expectAllRefused(
      tokens.teacher,
      ids.schoolId,
      [400],
      [
        ['POST', '/ExamBuilder/CreateFixedExam', validExam(ids, { subjectId: second.subjectId })],
        ['POST', '/ExamBuilder/CreateFixedExam', validExam(ids, { stageId: stage!.id })],
        ['POST', '/ExamBuilder/CreateFixedExam', validExam(ids, { target: { kind: 'classes', classRoomIds: [second.classRoomId] } })],
        ['POST', '/ExamBuilder/CreateFixedExam', validExam(ids, { correctors: [{ correctorId: second.teacherId, percentage: 100 }] })],
      ],
    )
  })
})
