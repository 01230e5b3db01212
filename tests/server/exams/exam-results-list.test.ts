import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExamResultsList } from '../../../plugins/exams/contract/results.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { assignedExam, correctionCalls, resultsList, sitExam, someAnswers } from '../support/exam-correction.ts'
import { examIds, okData, type ExamIds } from '../support/exams.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'
import { grantRole } from '../support/roles.ts'
import { seedSecondSchool, secondSchool } from '../support/second-school.ts'

const minute = 60_000

/*
 * The teacher's results list (Results/GetExamResultsList) through the real API, the server's clock
 * moved by hand: an exam is listed once its time is over (closed by the list's own read), as done
 * when graded, among the latest when just published and in the archive 30 days on; another
 * teacher (holding Exams), another school's teacher and a student never see it.
 */
describe.each(testDatabases)("the teacher's results list on $name", (database) => {
  let server: StartedServer
  const time = manualClock()
  let ids: ExamIds
  const tokens = { teacher: '', supervisor: '', student: '', student2: '', teacher2: '', secondTeacher: '' }

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    ids = await examIds(server.db)
    await seedSecondSchool(server.db)
    await grantRole(server.db, accounts.teacher2.email, 'Exams')
    await grantRole(server.db, secondSchool.teacher.email, 'Exams')
    for (const name of ['teacher', 'supervisor', 'student', 'student2', 'teacher2'] as const)
      tokens[name] = (await signedIn(server.url, accounts[name])).accessToken
    tokens.secondTeacher = (await signedIn(server.url, secondSchool.teacher)).accessToken
  })
  afterAll(() => server.close())

  const where = (list: ExamResultsList, examId: number) =>
    list.latest.some((line) => line.examId === examId) ? 'latest' : list.archive.some((line) => line.examId === examId) ? 'archive' : 'absent'
  const lineOf = (list: ExamResultsList, examId: number) => [...list.latest, ...list.archive].find((line) => line.examId === examId)
  const listOf = async (token: string) => okData(await resultsList(server.url, token))

  it('lists her exam from its close on: under correction, done, published (latest), then archived; nobody else sees it', async () => {
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now())
    expect(where(await listOf(tokens.teacher), exam.id)).toBe('absent')
    time.advance(61 * minute)
    await sitExam(server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    await sitExam(server.url, tokens.student2, exam.id, { q1: { type: 2, selected: 'a' } }, time.clock.now())
    expect(where(await listOf(tokens.teacher), exam.id)).toBe('absent')
    // Past its end and the school's grace period: the list's read closes it for correction.
    time.advance(123 * minute)
    const closed = await listOf(tokens.teacher)
    expect(lineOf(closed, exam.id)).toMatchObject({ status: 'underCorrection', title: 'Correction test' })
    expect(lineOf(closed, exam.id)!.subjectName).not.toBe('')

    for (const token of [tokens.teacher, tokens.supervisor]) {
      const calls = correctionCalls(server.url, token)
      const mine = okData(await calls.papers(exam.id)).papers[0]!
      let paper = okData(await calls.session(mine.sessionId))
      paper = okData(await calls.correct({ sessionId: mine.sessionId, version: paper.version, questionId: 'q5', score: 1 }))
      okData(await calls.finish({ sessionId: mine.sessionId, version: paper.version }))
    }
    expect(lineOf(await listOf(tokens.teacher), exam.id)!.status).toBe('done')
    okData(await correctionCalls(server.url, tokens.teacher).publish(exam.id))
    const published = await listOf(tokens.teacher)
    expect(where(published, exam.id)).toBe('latest')
    expect(lineOf(published, exam.id)!.status).toBe('published')

    // Published 31 days ago (the list reads the publishing from the exam's last status move).
    await server.db.query(`UPDATE exams SET updated_at = updated_at - interval '31 days' WHERE id = $1`, [exam.id])
    expect(where(await listOf(tokens.teacher), exam.id)).toBe('archive')

    // The supervising corrector, another teacher holding Exams and another school's teacher: not theirs.
    for (const token of [tokens.supervisor, tokens.teacher2, tokens.secondTeacher]) expect(where(await listOf(token), exam.id)).toBe('absent')
    const asStudent = await resultsList(server.url, tokens.student)
    expect(asStudent.status).toBe(403)
    expect((await call(server.url, 'GET', '/exam/api/Results/GetExamResultsList')).status).toBe(401)
  })
})
