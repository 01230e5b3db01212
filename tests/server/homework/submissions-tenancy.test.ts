import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { seedHomeworkAudience, type HomeworkAudience } from '../support/homework-audience.ts'
import { call } from '../support/http.ts'
import { startRecordingServer, type Attempt, type RecordingServer } from '../support/refusals.ts'
import { api, partlyRightAnswers, post, submissionsTable } from '../support/submissions.ts'

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
  let refusals: RecordingServer
  let audience: HomeworkAudience
  let version: number

  beforeAll(async () => {
    refusals = await startRecordingServer(database)
    server = refusals.server
    base = server.url
    audience = await seedHomeworkAudience(server)
    const { tokens, inA } = audience
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

  const expectAllRefused = async (token: string, schoolId: number, statuses: number, attempts: ReadonlyArray<Attempt>) => {
    await refusals.expectAllRefused({ token, schoolId, statuses, unchanged: () => submissionsTable(server.db) }, attempts)
    expect(await server.db.query('SELECT * FROM homework_due_extensions')).toEqual([])
  }

  it('a student of another class room, one the homework is not aimed at, or of another school gets 404', async () => {
    const { ids, second, tokens, inA, forOthersInA, secondSchools } = audience
    await expectAllRefused(tokens.student2, ids.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(forOthersInA.id))
    await expectAllRefused(tokens.secondStudent, second.schoolId, 404, studentAttempts(inA.id))
    await expectAllRefused(tokens.student, ids.schoolId, 404, studentAttempts(secondSchools.id))
  })

  it('a teacher who does not teach the class room, or of another school, gets 404; so does a student the homework is not aimed at', async () => {
    const { ids, second, tokens, studentId, student2Id, inA, forOthersInA, secondSchools } = audience
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
    const { ids, tokens, studentId, inA } = audience
    await expectAllRefused(tokens.student, ids.schoolId, 403, teacherAttempts(inA.id, studentId, ids.roomA, version))
    await expectAllRefused(tokens.teacher, ids.schoolId, 403, studentAttempts(inA.id))
  })

  it('the rightful teacher, with the same ids, succeeds (the refusals above are not for another reason)', async () => {
    const { tokens, studentId, inA } = audience
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
