import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examCodes } from '../../../plugins/exams/contract/codes.ts'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
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
import { questions } from '../support/homework.ts'
import { accounts, signedIn } from '../support/http.ts'

/** The builder's calls: create, read for edit, update at a version, delete, training mode; every rule the server enforces. */
describe.each(testDatabases)('the exam builder on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: ExamIds
  let teacher: string

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    ids = await examIds(server.db)
    teacher = (await signedIn(base, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  const updateOf = (exam: FixedExamDetails, changes: Record<string, unknown> = {}) => ({
    examId: exam.id,
    version: exam.version,
    ...validExam(ids),
    correctors: exam.correctors.map(({ correctorId, percentage }) => ({ correctorId, percentage })),
    ...changes,
  })

  it('creates a draft with its target and correctors, and reads it whole for editing', async () => {
    const created = await createExam(base, teacher, validExam(ids, { title: '  Times tables  ' }))
    expect(created).toMatchObject({
      title: 'Times tables',
      status: 'draft',
      version: 1,
      teacherId: ids.teacherId,
      questionCount: 3,
      totalDegree: 6.5,
      target: { kind: 'classes', classRoomIds: [ids.roomA] },
      correctorsMode: 'split',
      markDifferenceThreshold: null,
      questionsLocked: false,
      anyPaperGraded: false,
      startsAt: '2026-12-10T08:00:00.000Z',
    })
    expect(created.correctors.map(({ correctorId, percentage, status }) => ({ correctorId, percentage, status }))).toEqual([
      { correctorId: ids.teacherId, percentage: 60, status: 'assigned' },
      { correctorId: ids.supervisorId, percentage: 40, status: 'assigned' },
    ])
    expect(created.questions).toEqual(questions)
    const read = okData(await getExam(base, `/ExamBuilder/GetFixedExamForEdit?ExamID=${created.id}`, teacher))
    expect(read).toEqual(created)
    expect(await storedExam(server.db, created.id)).toMatchObject({ status: 'draft', version: 1 })
  })

  it('targets chosen students of her class rooms of the grade, and stores double marking with its threshold', async () => {
    const created = await createExam(
      base,
      teacher,
      validExam(ids, {
        target: { kind: 'students', studentIds: [ids.studentsOfA[0]!, ids.studentsOfB[1]!] },
        correctorsMode: 'double',
        markDifferenceThreshold: 1.5,
        timing: 'range',
        endsAt: '2026-12-12T10:00:00Z',
      }),
    )
    expect(created.target).toEqual({ kind: 'students', studentIds: [ids.studentsOfA[0]!, ids.studentsOfB[1]!].sort((a, b) => a - b) })
    expect(created).toMatchObject({ correctorsMode: 'double', markDifferenceThreshold: 1.5, timing: 'range' })
  })

  it('refuses percentages that do not total 100 with the mismatch-of-percentages message, in English and Arabic', async () => {
    const body = validExam(ids, {
      correctors: [
        { correctorId: ids.teacherId, percentage: 60 },
        { correctorId: ids.supervisorId, percentage: 30 },
      ],
    })
    const english = await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', body, teacher), ['correctors'])
    expect(english.body.validationList[0]!.message).toMatch(/Mismatch of percentages.*100%.*90%/)
    const arabic = await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', body, teacher, 'ar-EG'), ['correctors'])
    expect(arabic.body.validationList[0]!.message).toContain('عدم تطابق النسب')
  })

  it('refuses every rule that spans fields, naming each field at once, and stores nothing', async () => {
    const answer = await expectExamRefused(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/CreateFixedExam',
          validExam(ids, {
            totalDegree: 10,
            questionCount: 5,
            startsAt: '2026-12-10T08:00:00Z',
            endsAt: '2026-12-10T08:30:00Z',
            durationMinutes: 45,
            correctorsMode: 'double',
            target: { kind: 'classes', classRoomIds: [] },
            correctors: [
              { correctorId: ids.teacherId, percentage: 50 },
              { correctorId: ids.teacherId, percentage: 50 },
            ],
          }),
          teacher,
        ),
      ['totalDegree', 'questionCount', 'durationMinutes', 'markDifferenceThreshold', 'target.classRoomIds', 'correctors.1.correctorId'],
    )
    expect(answer.body.validationList.find((item) => item.field === 'totalDegree')!.message).toMatch(/6\.5/)
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { endsAt: '2026-12-10T07:00:00Z' }), teacher), [
      'endsAt',
    ])
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { endsAt: '2026-12-12T07:00:00Z' }), teacher), [
      'endsAt',
    ])
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { questions: [], questionCount: 1 }), teacher), [
      'questions',
      'questionCount',
    ])
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { correctors: [] }), teacher), ['correctors'])
  })

  it('refuses subjects, grades, class rooms and students she does not teach, and correctors who may not correct', async () => {
    const [admin] = await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@fasl.school'`)
    const [studentUser] = await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'student@fasl.school'`)
    await expectExamRefused(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/CreateFixedExam',
          validExam(ids, {
            correctors: [
              { correctorId: ids.teacher2Id, percentage: 25 },
              { correctorId: admin!.id, percentage: 25 },
              { correctorId: studentUser!.id, percentage: 25 },
              { correctorId: '00000000-0000-4000-8000-000000000000', percentage: 25 },
            ],
          }),
          teacher,
        ),
      ['correctors.0.correctorId', 'correctors.1.correctorId', 'correctors.2.correctorId', 'correctors.3.correctorId'],
    )
    // Physics is taught only in Grade 10, which she does not teach.
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { subjectId: ids.physics }), teacher), ['subjectId'])
    // Grade 10 Science is the supervisor's; Grade 7 A is not of the primary stage.
    await expectExamRefused(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/CreateFixedExam',
          validExam(ids, { target: { kind: 'classes', classRoomIds: [ids.roomScience, ids.grade7, ids.roomB] } }),
          teacher,
        ),
      ['target.classRoomIds.0', 'target.classRoomIds.1'],
    )
    const [science] = await server.db.query<{ id: number }>('SELECT id FROM students WHERE class_room_id = $1 LIMIT 1', [ids.roomScience])
    await expectExamRefused(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/CreateFixedExam',
          validExam(ids, { target: { kind: 'students', studentIds: [ids.studentsOfA[0]!, science!.id] } }),
          teacher,
        ),
      ['target.studentIds.1'],
    )
    await expectExamRefused(server.db, () => postExam(base, '/ExamBuilder/CreateFixedExam', validExam(ids, { stageId: 999_999 }), teacher), ['stageId'])
  })

  it('answers 105 with the catalogue message for a body that is not an exam, never a 5xx', async () => {
    for (const body of [{}, { ...validExam(ids), examType: 'weekly' }, { ...validExam(ids), durationMinutes: 0 }, { ...validExam(ids), title: '  ' }]) {
      const answer = await postExam(base, '/ExamBuilder/CreateFixedExam', body, teacher, 'ar-EG')
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.responseCode).toBe(105)
      expect(answer.body.validationList.length).toBeGreaterThan(0)
    }
    const percentage = await postExam(
      base,
      '/ExamBuilder/CreateFixedExam',
      { ...validExam(ids), correctors: [{ correctorId: ids.teacherId, percentage: 0 }] },
      teacher,
    )
    expect(percentage.body.validationList).toContainEqual({ field: 'correctors.0.percentage', message: 'Enter a percentage above 0 and at most 100.' })
  })

  it('updates at the version it was made against; a stale version answers 139 and changes nothing', async () => {
    const created = await createExam(base, teacher, validExam(ids))
    const updated = okData(
      await postExam(
        base,
        '/ExamBuilder/UpdateFixedExam',
        updateOf(created, { title: 'Renamed test', correctors: [{ correctorId: ids.teacherId, percentage: 100 }] }),
        teacher,
      ),
    )
    expect(updated).toMatchObject({ title: 'Renamed test', version: 2, status: 'draft' })
    expect(await storedCorrectors(server.db, created.id)).toEqual([{ corrector_id: ids.teacherId, percentage: 100, status: 'assigned' }])
    await expectExamCode(
      server.db,
      () => postExam(base, '/ExamBuilder/UpdateFixedExam', updateOf(created, { title: 'Stale' }), teacher),
      ResponseCode.changedElsewhere,
    )
    await expectExamRefused(
      server.db,
      () => postExam(base, '/ExamBuilder/UpdateFixedExam', updateOf(updated, { correctors: [{ correctorId: ids.teacherId, percentage: 99.5 }] }), teacher),
      ['correctors'],
    )
  })

  it('switches to training mode (twice is the same), and deletes a draft', async () => {
    const created = await createExam(base, teacher, validExam(ids))
    const training = okData(await postExam(base, `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${created.id}`, undefined, teacher))
    expect(training).toMatchObject({ training: true, version: 2 })
    expect(okData(await postExam(base, `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${created.id}`, undefined, teacher))).toMatchObject({
      training: true,
      version: 2,
    })
    expect(okData(await postExam(base, '/ExamBuilder/DeleteExam', { examId: created.id }, teacher))).toBeNull()
    expect(await storedExam(server.db, created.id)).toBeUndefined()
    expect(await storedCorrectors(server.db, created.id)).toEqual([])
    expect((await getExam(base, `/ExamBuilder/GetFixedExamForEdit?ExamID=${created.id}`, teacher)).status).toBe(404)
  })

  it('a published or rejected exam is not switched to training; once assigned it is neither deleted nor changed, its questions least of all', async () => {
    const created = await createExam(base, teacher, validExam(ids))
    const setStatus = (status: string) => server.db.query('UPDATE exams SET status = $2 WHERE id = $1', [created.id, status])
    for (const status of ['published', 'rejected']) {
      await setStatus(status)
      await expectExamCode(
        server.db,
        () => postExam(base, `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${created.id}`, undefined, teacher),
        examCodes.examAlreadyPublished,
      )
    }
    await expectExamCode(
      server.db,
      () => postExam(base, '/ExamBuilder/UpdateFixedExam', updateOf(created, { title: 'Rejected' }), teacher),
      examCodes.examRejected,
    )
    await setStatus('waitingForApproval')
    await expectExamCode(
      server.db,
      () => postExam(base, '/ExamBuilder/UpdateFixedExam', updateOf(created, { title: 'Waiting' }), teacher),
      examCodes.examWaitingForApproval,
    )
    await setStatus('assigned')
    await expectExamCode(server.db, () => postExam(base, '/ExamBuilder/DeleteExam', { examId: created.id }, teacher), examCodes.examCannotBeDeleted)
    const assigned = okData(await getExam(base, `/ExamBuilder/GetFixedExamForEdit?ExamID=${created.id}`, teacher))
    expect(assigned.questionsLocked).toBe(true)
    await expectExamCode(
      server.db,
      () =>
        postExam(
          base,
          '/ExamBuilder/UpdateFixedExam',
          updateOf(assigned, {
            questions: [...questions, { type: 3, id: 'q4', header: 'Zero is even.', degree: 1, correct: true }],
            questionCount: 4,
            totalDegree: 7.5,
          }),
          teacher,
        ),
      examCodes.examNotEditable,
    )
    // Still switched to training once assigned.
    expect(okData(await postExam(base, `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${created.id}`, undefined, teacher))).toMatchObject({
      training: true,
      status: 'assigned',
    })
  })
})
