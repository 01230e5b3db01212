import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, correctionCalls, sitExam, someAnswers } from '../support/exam-correction.ts'
import { examApi, examIds, okData, type ExamIds } from '../support/exams.ts'
import { accounts, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { startRecordingServer, type Attempt, type RecordingServer } from '../support/refusals.ts'
import { grantRole } from '../support/roles.ts'
import { seedSecondSchool, seedSecondSchoolStudent, secondSchool, type SecondSchool } from '../support/second-school.ts'

const minute = 60_000

/*
 * The split of 50 papers at 60/40 (30 and 20, half of each from each class room), and every
 * id-taking correction and results call refused to another school's teacher, another teacher and a
 * student, with every statement bound to the caller's school and nothing changed.
 */
describe.each(testDatabases)('giving out papers and refusing others, on $name', (database) => {
  let refusals: RecordingServer
  let server: StartedServer
  const time = manualClock()
  let ids: ExamIds
  let second: SecondSchool
  const tokens = { teacher: '', supervisor: '', student: '', teacher2: '', secondTeacher: '' }

  beforeAll(async () => {
    refusals = await startRecordingServer(database, { clock: time.clock })
    server = refusals.server
    ids = await examIds(server.db)
    second = await seedSecondSchool(server.db)
    await seedSecondSchoolStudent(server.db, second)
    await grantRole(server.db, accounts.teacher2.email, 'Exams')
    await grantRole(server.db, secondSchool.teacher.email, 'Exams')
    await grantRole(server.db, secondSchool.teacher.email, 'SuperCorrector')
    for (const name of ['teacher', 'supervisor', 'student', 'teacher2'] as const) tokens[name] = (await signedIn(server.url, accounts[name])).accessToken
    tokens.secondTeacher = (await signedIn(server.url, secondSchool.teacher)).accessToken
  })
  afterAll(() => server.close())

  it('splits 50 finished attempts of two class rooms at 60/40 into 30 and 20, each half from each class room', async () => {
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now())
    // 48 of the 50 students have no account to sit it with: their finished attempts are written as the take-exam flow leaves them.
    await server.db.query(
      `INSERT INTO exam_attempts (school_id, exam_id, student_id, link_hash, device_key, status, started_at, deadline_at, finished_at, answers)
       SELECT st.school_id, $1::int, st.id, 'hash-' || $1::int || '-' || st.id, 'device-' || st.id, 'finished', $2::timestamptz, $3::timestamptz, $3::timestamptz, '{}'
       FROM students st WHERE st.class_room_id IN ($4, $5)`,
      [exam.id, new Date(time.clock.now() + 61 * minute).toISOString(), new Date(time.clock.now() + 100 * minute).toISOString(), ids.roomA, ids.roomB],
    )
    time.advance(185 * minute)
    const teacherPapers = okData(await correctionCalls(server.url, tokens.teacher).papers(exam.id)).papers
    const supervisorPapers = okData(await correctionCalls(server.url, tokens.supervisor).papers(exam.id)).papers
    expect(teacherPapers).toHaveLength(30)
    expect(supervisorPapers).toHaveLength(20)
    expect(new Set([...teacherPapers, ...supervisorPapers].map((paper) => paper.sessionId)).size).toBe(50)
    const byRoom = await server.db.query<{ corrector_id: string; class_room_id: number; papers: number }>(
      `SELECT p.corrector_id, st.class_room_id, count(*)::int AS papers FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id
       JOIN students st ON st.id = a.student_id WHERE a.exam_id = $1 GROUP BY p.corrector_id, st.class_room_id`,
      [exam.id],
    )
    const count = (corrector: string, room: number) => byRoom.find((row) => row.corrector_id === corrector && row.class_room_id === room)?.papers
    expect([count(ids.teacherId, ids.roomA), count(ids.teacherId, ids.roomB)]).toEqual([15, 15])
    expect([count(ids.supervisorId, ids.roomA), count(ids.supervisorId, ids.roomB)]).toEqual([10, 10])
    // Her list is ordered class room by class room: next and previous walk it.
    const first = okData(await correctionCalls(server.url, tokens.teacher).session(teacherPapers[0]!.sessionId))
    expect(first).toMatchObject({ previousSessionId: null, nextSessionId: teacherPapers[1]!.sessionId })
  })

  it("refuses another school's teacher, another teacher and a student every id-taking call, changing nothing", async () => {
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now(), { correctorsMode: 'double', markDifferenceThreshold: 0.5 })
    time.advance(61 * minute)
    await sitExam(server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    time.advance(125 * minute)
    const paper = okData(await correctionCalls(server.url, tokens.teacher).papers(exam.id)).papers[0]!
    const unchanged = () =>
      server.db.query(
        `SELECT (SELECT json_agg(p ORDER BY p.attempt_id, p.corrector_id)::text FROM exam_papers p) AS papers,
                (SELECT json_agg(a ORDER BY a.id)::text FROM exam_attempts a) AS attempts,
                (SELECT json_agg(e ORDER BY e.id)::text FROM exams e) AS exams`,
      )
    const calls: ReadonlyArray<Attempt> = [
      ['GET', `/Sessions/GetCorrectorPapers?ExamID=${exam.id}`],
      ['GET', `/Sessions/GetCorrectorExamSession?ExamSessionID=${paper.sessionId}`],
      ['POST', '/Sessions/CorrectSessionQuestion', { sessionId: paper.sessionId, version: 1, questionId: 'q5', score: 1 }],
      ['POST', '/Sessions/FinishPaper', { sessionId: paper.sessionId, version: 1 }],
      ['GET', `/Results/GetExamResults?ExamID=${exam.id}`],
      ['POST', '/Results/PublishExamResults', { examId: exam.id }],
      ['GET', `/Results/ExportExamResults?ExamID=${exam.id}`],
    ]
    const supervising: ReadonlyArray<Attempt> = [
      ['GET', `/Sessions/GetFlaggedDifferences?ExamID=${exam.id}`],
      ['POST', '/Sessions/SettleDifference', { sessionId: paper.sessionId, questionId: 'q5', score: 1 }],
    ]
    const schoolId = ids.schoolId
    await refusals.expectAllRefused({ token: tokens.secondTeacher, schoolId: second.schoolId, statuses: 404, unchanged }, [...calls, ...supervising], examApi)
    await refusals.expectAllRefused({ token: tokens.teacher2, schoolId, statuses: 404, unchanged }, calls, examApi)
    await refusals.expectAllRefused({ token: tokens.teacher2, schoolId, statuses: 403, unchanged }, supervising, examApi)
    await refusals.expectAllRefused({ token: tokens.student, schoolId, statuses: 403, unchanged }, [...calls, ...supervising], examApi)
    // The student's own results call takes no id: another's exam is simply not among hers (checked in exam-correction.test.ts).
  })
})
