import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CorrectorExamSummary, ExamSummary } from '../../../plugins/exams/contract/exam-views.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { createExam, examIds, getExam, okData, postExam, validExam, type ExamIds } from '../support/exams.ts'
import { accounts, signedIn } from '../support/http.ts'

/** The lists: the teacher's by tab and status, the supervising corrector's waiting for approval, the corrector's; and who may call them. */
describe.each(testDatabases)('the exam lists on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: ExamIds
  const tokens = { teacher: '', teacher2: '', supervisor: '', student: '' }

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    ids = await examIds(server.db)
    for (const name of ['teacher', 'teacher2', 'supervisor', 'student'] as const) tokens[name] = (await signedIn(base, accounts[name])).accessToken
  })
  afterAll(() => server.close())

  const teacherExams = async (body: object, token = tokens.teacher) => okData(await postExam<ExamSummary[]>(base, '/Exams/GetTeacherExams', body, token))

  it("the demo teacher's exams: a draft and one waiting for approval, soonest first, with names in the caller's language", async () => {
    const mine = await teacherExams({})
    expect(mine.map((exam) => [exam.title, exam.status])).toEqual([
      ['Multiplication monthly test', 'draft'],
      ['Mathematics midterm', 'waitingForApproval'],
    ])
    expect(mine[1]).toMatchObject({
      subjectName: 'Mathematics',
      stageName: 'Primary',
      classRoomNames: ['Grade 4 A'],
      correctorNames: ['Amira Hassan', 'Nadia Farouk'],
    })
    const arabic = okData(await postExam<ExamSummary[]>(base, '/Exams/GetTeacherExams', {}, tokens.teacher, 'ar-EG'))
    expect(arabic[0]).toMatchObject({ subjectName: 'الرياضيات', classRoomNames: ['الصف الرابع أ'] })
  })

  it('filters by tab and by status', async () => {
    const created = await createExam(base, tokens.teacher, validExam(ids, { title: 'Corrected already' }))
    await server.db.query(`UPDATE exams SET status = 'done' WHERE id = $1`, [created.id])
    const under = await createExam(base, tokens.teacher, validExam(ids, { title: 'Being corrected' }))
    await server.db.query(`UPDATE exams SET status = 'underCorrection' WHERE id = $1`, [under.id])
    expect((await teacherExams({ tab: 'previous' })).map((exam) => exam.id)).toEqual([created.id])
    expect((await teacherExams({ tab: 'underCorrection' })).map((exam) => exam.id)).toEqual([under.id])
    expect((await teacherExams({ tab: 'upcoming' })).map((exam) => exam.title)).toEqual(['Multiplication monthly test', 'Mathematics midterm'])
    expect((await teacherExams({ status: 'waitingForApproval' })).map((exam) => exam.title)).toEqual(['Mathematics midterm'])
    expect(await teacherExams({ tab: 'previous', status: 'draft' })).toEqual([])
  })

  it("the supervising corrector sees the school's exams waiting for approval with their teacher; a teacher without SuperCorrector gets 403", async () => {
    const waiting = okData(await postExam<ExamSummary[]>(base, '/Exams/GetTeacherAssingedExams', {}, tokens.supervisor))
    expect(waiting.map((exam) => [exam.title, exam.teacherName])).toEqual([['Mathematics midterm', 'Amira Hassan']])
    expect(
      okData(await postExam<ExamSummary[]>(base, '/Exams/GetTeacherAssingedExams', { status: 'draft' }, tokens.supervisor)).map((exam) => exam.title),
    ).toContain('Multiplication monthly test')
    expect((await postExam(base, '/Exams/GetTeacherAssingedExams', {}, tokens.teacher)).status).toBe(403)
  })

  it('the corrector sees the exams she corrects with her share and status, and reads them', async () => {
    const corrected = okData(await postExam<CorrectorExamSummary[]>(base, '/Exams/GetCorrectorExams', {}, tokens.supervisor))
    // The demo's midterm, and the tests' own exams (validExam names her at 40%).
    expect(corrected.map((exam) => [exam.title, exam.percentage, exam.correctorStatus])).toContainEqual(['Mathematics midterm', 40, 'assigned'])
    expect(corrected.map((exam) => exam.title)).not.toContain('Multiplication monthly test')
    expect(okData(await postExam<CorrectorExamSummary[]>(base, '/Exams/GetCorrectorExams', { status: 'approved' }, tokens.supervisor))).toEqual([])
    const midterm = corrected.find((exam) => exam.title === 'Mathematics midterm')!
    const info = okData(await getExam(base, `/Exams/GetTeacherExamInfo?ExamID=${midterm.id}`, tokens.supervisor))
    expect(info).toMatchObject({ title: 'Mathematics midterm', teacherName: 'Amira Hassan', status: 'waitingForApproval' })
    expect(info.questions.length).toBe(3)
  })

  it('teacher2 (no Exams role) gets 403 from every exam call, and a student too', async () => {
    const calls: ReadonlyArray<readonly ['GET' | 'POST', string, unknown?]> = [
      ['POST', '/Exams/GetTeacherExams', {}],
      ['POST', '/Exams/GetCorrectorExams', {}],
      ['POST', '/Exams/GetTeacherAssingedExams', {}],
      ['GET', '/Exams/GetTeacherExamInfo?ExamID=1'],
      ['POST', '/ExamBuilder/CreateFixedExam', validExam(ids)],
      ['GET', '/ExamBuilder/GetFixedExamForEdit?ExamID=1'],
      ['POST', '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: 1, decision: 'submit' }],
      ['POST', '/ExamBuilder/RespondToCorrectorAssignment', { examId: 1, accept: true }],
    ]
    for (const token of [tokens.teacher2, tokens.student])
      for (const [method, path, body] of calls) {
        const answer = method === 'GET' ? await getExam(base, path, token) : await postExam(base, path, body, token)
        expect(answer.status, `${method} ${path}`).toBe(403)
      }
  })
})
