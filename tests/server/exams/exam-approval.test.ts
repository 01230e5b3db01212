import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examCodes } from '../../../plugins/exams/contract/codes.ts'
import type { ExamCorrectorsForEdit, ExamInfo, FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import {
  createExam,
  examIds,
  expectExamCode,
  expectExamRefused,
  getExam,
  okData,
  postExam,
  storedCorrectors,
  storedExam,
  validExam,
  type ExamIds,
} from '../support/exams.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { manualClock } from '../support/manual-clock.ts'

const hour = 3_600_000

/** Approval, assignment, the clock's moves and the correctors' answers: every move legal and illegal, checked in the stored rows. */
describe.each(testDatabases)('exam approval and correctors on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: ExamIds
  const time = manualClock()
  const tokens = { teacher: '', supervisor: '' }

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    base = server.url
    ids = await examIds(server.db)
    tokens.teacher = (await signedIn(base, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(base, accounts.supervisor)).accessToken
  })
  afterAll(() => server.close())

  const decide = (examId: number, decision: string, token: string, reason?: string) =>
    postExam(base, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision, ...(reason === undefined ? {} : { reason }) }, token)

  /** An exam in an hour's time, two hours long. */
  const soon = () => {
    const start = time.clock.now() + hour
    return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 2 * hour).toISOString() }
  }

  it('the teacher submits and withdraws; the supervisor requires an edit with a reason, approves, rejects; a teacher may not decide', async () => {
    const exam = await createExam(base, tokens.teacher, validExam(ids, soon()))
    await expectExamCode(server.db, () => decide(exam.id, 'withdraw', tokens.teacher), examCodes.examNotWaitingForApproval)
    await expectExamCode(server.db, () => decide(exam.id, 'approve', tokens.supervisor), examCodes.examNotWaitingForApproval)
    expect(okData(await decide(exam.id, 'submit', tokens.teacher)).status).toBe('waitingForApproval')
    expect(okData(await decide(exam.id, 'withdraw', tokens.teacher)).status).toBe('draft')
    okData(await decide(exam.id, 'submit', tokens.teacher))
    // Only a supervisor decides: the author without SuperCorrector is refused.
    expect((await decide(exam.id, 'approve', tokens.teacher)).status).toBe(403)
    await expectExamRefused(server.db, () => decide(exam.id, 'requireEdit', tokens.supervisor), ['reason'])
    await expectExamRefused(server.db, () => decide(exam.id, 'approve', tokens.supervisor, 'Looks fine'), ['reason'])
    const required = okData(await decide(exam.id, 'requireEdit', tokens.supervisor, 'Add a question on division.'))
    expect(required).toMatchObject({ status: 'requiredEdit', statusReason: 'Add a question on division.' })
    expect(await storedExam(server.db, exam.id)).toMatchObject({ status: 'requiredEdit', status_reason: 'Add a question on division.' })
    // Submitting again clears her reason; she approves.
    expect(okData(await decide(exam.id, 'submit', tokens.teacher))).toMatchObject({ status: 'waitingForApproval', statusReason: null })
    expect(okData(await decide(exam.id, 'approve', tokens.supervisor)).status).toBe('approved')
    const other = await createExam(base, tokens.teacher, validExam(ids, soon()))
    okData(await decide(other.id, 'submit', tokens.teacher))
    expect(okData(await decide(other.id, 'reject', tokens.supervisor, 'Not this term.'))).toMatchObject({ status: 'rejected', statusReason: 'Not this term.' })
    await expectExamCode(server.db, () => decide(other.id, 'submit', tokens.teacher), examCodes.examCannotBeSubmitted)
  })

  it('an approved exam edited waits for approval again; assigned, it opens and closes by the clock and is read so', async () => {
    const exam = await createExam(base, tokens.teacher, validExam(ids, soon()))
    await expectExamCode(server.db, () => postExam(base, '/ExamBuilder/AssignFixedExam', { examId: exam.id }, tokens.teacher), examCodes.examNotApproved)
    okData(await decide(exam.id, 'submit', tokens.teacher))
    const approved = okData(await decide(exam.id, 'approve', tokens.supervisor))
    const { examId: _id, ...body } = { examId: 0, ...validExam(ids, { startsAt: approved.startsAt, endsAt: approved.endsAt, title: 'Edited after approval' }) }
    const edited = okData(await postExam(base, '/ExamBuilder/UpdateFixedExam', { examId: exam.id, version: approved.version, ...body }, tokens.teacher))
    expect(edited.status).toBe('waitingForApproval')
    okData(await decide(exam.id, 'approve', tokens.supervisor))
    const assigned = okData(await postExam(base, '/ExamBuilder/AssignFixedExam', { examId: exam.id }, tokens.teacher))
    expect(assigned).toMatchObject({ status: 'assigned', questionsLocked: true })
    time.advance(hour + 1_000)
    expect(okData(await getExam(base, `/Exams/GetTeacherExamInfo?ExamID=${exam.id}`, tokens.teacher)).status).toBe('notViewed')
    expect((await storedExam(server.db, exam.id))!.status).toBe('notViewed')
    // Past its end, but within the school's grace period for answers sent late: still open.
    time.advance(2 * hour)
    expect(okData(await getExam(base, `/Exams/GetTeacherExamInfo?ExamID=${exam.id}`, tokens.teacher)).status).toBe('notViewed')
    // Past the grace period the correction part closes it; nobody sat it, so there is nothing to grade: done.
    time.advance(121_000)
    const listed = okData(await postExam<Array<{ id: number; status: string }>>(base, '/Exams/GetTeacherExams', { tab: 'previous' }, tokens.teacher))
    expect(listed).toContainEqual(expect.objectContaining({ id: exam.id, status: 'done' }))
    expect((await storedExam(server.db, exam.id))!.status).toBe('done')
  })

  it('correctors accept or decline once; the supervisor approves one who accepted or requires an edit; shares change as their machine allows', async () => {
    const exam = await createExam(base, tokens.teacher, validExam(ids, soon()))
    const respond = (accept: boolean, token: string, reason?: string) =>
      postExam(base, '/ExamBuilder/RespondToCorrectorAssignment', { examId: exam.id, accept, ...(reason === undefined ? {} : { reason }) }, token)
    await expectExamRefused(server.db, () => respond(true, tokens.supervisor, 'Happy to'), ['reason'])
    expect(okData(await respond(true, tokens.supervisor))).toBeNull()
    await expectExamCode(server.db, () => respond(false, tokens.supervisor), examCodes.correctorAlreadyAnswered)
    expect(okData(await respond(false, tokens.teacher, 'I have another exam that day.'))).toBeNull()
    expect(await storedCorrectors(server.db, exam.id)).toEqual([
      { corrector_id: ids.teacherId, percentage: 60, status: 'notAssigned' },
      { corrector_id: ids.supervisorId, percentage: 40, status: 'waitingForApproval' },
    ])
    // Her share no longer counts: the exam cannot be sent for approval until the teacher names someone.
    await expectExamCode(server.db, () => decide(exam.id, 'submit', tokens.teacher), examCodes.examCannotBeSubmitted)
    const forEdit = okData(await postExam<ExamCorrectorsForEdit>(base, `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${exam.id}`, undefined, tokens.supervisor))
    expect(forEdit.candidates.map((candidate) => candidate.id)).toEqual(expect.arrayContaining([ids.teacherId, ids.supervisorId]))
    expect(forEdit.candidates.map((candidate) => candidate.id)).not.toContain(ids.teacher2Id)
    const correctorsUpdate = (version: number, teacherShare: number, supervisorShare: number) => ({
      examId: exam.id,
      version,
      correctorsMode: 'split',
      correctors: [
        { correctorId: ids.teacherId, percentage: teacherShare },
        { correctorId: ids.supervisorId, percentage: supervisorShare },
      ],
    })
    // The supervisor accepted: her share is fixed until an edit is required of it.
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/UpdateCorrectors', correctorsUpdate(forEdit.version, 50, 50), tokens.teacher), [
      'correctors.1.percentage',
    ])
    await expectExamCode(
      server.db,
      () => postExam(base, '/ExamBuilder/UpdateCorrectors', correctorsUpdate(1, 60, 40), tokens.teacher),
      ResponseCode.changedElsewhere,
    )
    const renamed = okData(
      await postExam<ExamCorrectorsForEdit>(base, '/ExamBuilder/UpdateCorrectors', correctorsUpdate(forEdit.version, 60, 40), tokens.teacher),
    )
    expect(renamed.correctors.map((corrector) => corrector.status)).toEqual(['assigned', 'waitingForApproval'])
    const decideCorrector = (decision: string, reason?: string) =>
      postExam<ExamCorrectorsForEdit>(
        base,
        '/ExamBuilder/UpdateCorrectorApprovalStatus',
        { examId: exam.id, correctorId: ids.teacherId, decision, ...(reason === undefined ? {} : { reason }) },
        tokens.supervisor,
      )
    await expectExamCode(server.db, () => decideCorrector('approve'), examCodes.correctorNotWaitingForApproval)
    expect(
      (await postExam(base, '/ExamBuilder/UpdateCorrectorApprovalStatus', { examId: exam.id, correctorId: ids.teacherId, decision: 'approve' }, tokens.teacher))
        .status,
    ).toBe(403)
    okData(await respond(true, tokens.teacher))
    const required = okData(await decideCorrector('requireEdit', 'Take 70% of the papers.'))
    expect(required.correctors[0]).toMatchObject({ status: 'requiredEdit', statusReason: 'Take 70% of the papers.' })
    // Supervisor's requiredEdit frees the teacher's share; the supervisor's own stays fixed.
    const current = okData(await postExam<ExamCorrectorsForEdit>(base, `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${exam.id}`, undefined, tokens.teacher))
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/UpdateCorrectors', correctorsUpdate(current.version, 70, 30), tokens.teacher), [
      'correctors.1.percentage',
    ])
    const supervisorApproved = okData(
      await postExam<ExamCorrectorsForEdit>(
        base,
        '/ExamBuilder/UpdateCorrectorApprovalStatus',
        { examId: exam.id, correctorId: ids.supervisorId, decision: 'approve' },
        tokens.supervisor,
      ),
    )
    expect(supervisorApproved.correctors.map((corrector) => corrector.status)).toEqual(['requiredEdit', 'approved'])
    const [, supervisor] = await storedCorrectors(server.db, exam.id)
    expect(supervisor!.status).toBe('approved')
    // Taking the approved supervisor off is allowed (she has not started grading); the teacher alone holds 100.
    const alone = okData(
      await postExam<ExamCorrectorsForEdit>(
        base,
        '/ExamBuilder/UpdateCorrectors',
        {
          examId: exam.id,
          version: supervisorApproved.version,
          correctorsMode: 'double',
          markDifferenceThreshold: 1,
          correctors: [{ correctorId: ids.teacherId, percentage: 100 }],
        },
        tokens.teacher,
      ),
    )
    expect(alone).toMatchObject({ correctorsMode: 'double', markDifferenceThreshold: 1 })
    expect(await storedCorrectors(server.db, exam.id)).toEqual([{ corrector_id: ids.teacherId, percentage: 100, status: 'assigned' }])
  })

  it('the correctors mode is not converted once a paper is graded', async () => {
    const exam: FixedExamDetails = await createExam(base, tokens.teacher, validExam(ids, soon()))
    const [student] = ids.studentsOfA
    const [attempt] = await server.db.query<{ id: number }>(
      `INSERT INTO exam_attempts (school_id, exam_id, student_id, link_hash) VALUES ($1, $2, $3, 'test-link-hash') RETURNING id`,
      [ids.schoolId, exam.id, student],
    )
    await server.db.query(`INSERT INTO exam_papers (school_id, attempt_id, corrector_id, marks) VALUES ($1, $2, $3, '{"q1": {"score": 2}}')`, [
      ids.schoolId,
      attempt!.id,
      ids.teacherId,
    ])
    const forEdit = okData(await postExam<ExamCorrectorsForEdit>(base, `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${exam.id}`, undefined, tokens.teacher))
    expect(forEdit.anyPaperGraded).toBe(true)
    await expectExamRefused(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/UpdateCorrectors',
          {
            examId: exam.id,
            version: forEdit.version,
            correctorsMode: 'double',
            markDifferenceThreshold: 1,
            correctors: [{ correctorId: ids.supervisorId, percentage: 100 }],
          },
          tokens.teacher,
        ),
      ['correctorsMode', 'correctors'],
    )
  })

  it("the details page's read names the subject, grade, class rooms and targeted students in the request's language, for the author and the supervisor", async () => {
    const info = (examId: number, token: string, language: 'en-US' | 'ar-EG') =>
      call<ExamInfo>(base, 'GET', `/exam/api/Exams/GetTeacherExamInfo?ExamID=${examId}`, undefined, { token, language })
    const forRooms = await createExam(base, tokens.teacher, validExam(ids, soon()))
    const english = okData(await info(forRooms.id, tokens.teacher, 'en-US'))
    expect(english).toMatchObject({ subjectName: 'Mathematics', stageName: 'Primary', classRoomNames: ['Grade 4 A'], studentNames: [] })
    expect(english.correctors.map((corrector) => [corrector.correctorId, corrector.percentage, corrector.status])).toEqual([
      [ids.teacherId, 60, 'assigned'],
      [ids.supervisorId, 40, 'assigned'],
    ])
    const arabic = okData(await info(forRooms.id, tokens.supervisor, 'ar-EG'))
    expect(arabic.subjectName).not.toBe('Mathematics')
    expect(arabic.subjectName).toMatch(/\p{Script=Arabic}/u)
    expect(arabic.classRoomNames).toHaveLength(1)
    const [first, second] = ids.studentsOfA
    const forStudents = await createExam(base, tokens.teacher, validExam(ids, { ...soon(), target: { kind: 'students', studentIds: [first!, second!] } }))
    const names = await server.db.query<{ name_en: string }>('SELECT name_en FROM students WHERE id = ANY($1::int[]) ORDER BY name_en, id', [[first, second]])
    expect(okData(await info(forStudents.id, tokens.supervisor, 'en-US'))).toMatchObject({
      classRoomNames: ['Grade 4 A'],
      studentNames: names.map((row) => row.name_en),
    })
  })
})
