import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { examLifecycleMachine, questionsLocked, type ExamLifecycleEvent, type ExamStatus } from '../../machines/exam-lifecycle.machine.ts'
import type { FixedExamDetails } from '../../plugins/exams/contract/exam-views.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from '../server/support/databases.ts'
import { examCodes } from '../../plugins/exams/contract/codes.ts'
import { assignedExam, correctionCalls, sitExam, someAnswers } from '../server/support/exam-correction.ts'
import {
  createExam,
  examIds,
  expectExamCode,
  expectExamRefused,
  getExam,
  okData,
  postExam,
  storedExam,
  validExam,
  type ExamIds,
} from '../server/support/exams.ts'
import { accounts, signedIn } from '../server/support/http.ts'
import { manualClock } from '../server/support/manual-clock.ts'

const hour = 3_600_000
const reason = 'Add a question on division.'

/**
 * The builder's part of the lifecycle, as the API drives it (the teacher's edits, submissions,
 * withdrawals, assignment and training switch; the supervisor's decisions; the clock's opening).
 * The student's start, the close, correction and publishing belong to the take-exam and correction
 * parts and their tests; deleting ends the row, so no path walks on after it.
 */
const driven: ExamLifecycleEvent[] = [
  { type: 'teacher.submittedForApproval' },
  { type: 'teacher.withdrew' },
  { type: 'teacher.edited', hasQuestions: true, sharesTotalHundred: true },
  { type: 'teacher.assigned' },
  { type: 'teacher.switchedToTraining' },
  { type: 'supervisor.approved' },
  { type: 'supervisor.requiredEdit', reason },
  { type: 'supervisor.rejected', reason },
  { type: 'clock.opened' },
]

const drivenTypes = new Set(driven.map((event) => event.type))
type Driven = (typeof driven)[number]['type']

/**
 * Where each call leaves the exam, from the status it was in, written here from the moves the
 * machine's doc comment gives and not read from the machine: the server moves the status with the
 * machine itself, so a path that only compared the two would agree with any wrong target. (An edit
 * the server saves always leaves questions and shares totalling 100: it refuses others with 105.)
 */
const leavesIt = (event: Driven, before: ExamStatus): ExamStatus => {
  switch (event) {
    case 'teacher.submittedForApproval':
      return 'waitingForApproval'
    case 'teacher.withdrew':
      return 'draft'
    // A draft or required-edit exam stays where it is; an approved one waits for approval again.
    case 'teacher.edited':
      return before === 'approved' ? 'waitingForApproval' : before
    case 'teacher.assigned':
      return 'assigned'
    case 'teacher.switchedToTraining':
      return before
    case 'supervisor.approved':
      return 'approved'
    case 'supervisor.requiredEdit':
      return 'requiredEdit'
    case 'supervisor.rejected':
      return 'rejected'
    case 'clock.opened':
      return 'notViewed'
    default:
      throw new Error(`not driven: ${event}`)
  }
}

const model = createTestModel(examLifecycleMachine, {
  events: driven,
  // Only the moves the builder's calls make, and only where the status takes them.
  filterEvents: (snapshot, event) => drivenTypes.has(event.type) && snapshot.can(event),
  input: { hasQuestions: true, sharesTotalHundred: true },
  serializeState: (state, event, previous) => JSON.stringify([state.value, state.context.training, event?.type ?? null, previous?.value ?? null]),
})
const paths = model.getShortestPaths()

describe.each(testDatabases)('exam lifecycle machine: generated paths run on the real server ($name), as teacher and supervisor', (database) => {
  let server: StartedServer
  let ids: ExamIds
  const time = manualClock()
  const tokens = { teacher: '', supervisor: '', student: '', student2: '' }

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    ids = await examIds(server.db)
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(server.url, accounts.supervisor)).accessToken
    tokens.student = (await signedIn(server.url, accounts.student)).accessToken
    tokens.student2 = (await signedIn(server.url, accounts.student2)).accessToken
  }, 120_000)
  afterAll(() => server?.close())

  const decide = async (examId: number, decision: string, token: string, why?: string) =>
    okData(
      await postExam(server.url, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision, ...(why === undefined ? {} : { reason: why }) }, token),
    )

  const read = async (examId: number) => okData(await getExam(server.url, `/Exams/GetTeacherExamInfo?ExamID=${examId}`, tokens.teacher))

  const perform = async (exam: FixedExamDetails, event: ExamLifecycleEvent) => {
    const examId = exam.id
    switch (event.type) {
      case 'teacher.submittedForApproval':
        return decide(examId, 'submit', tokens.teacher)
      case 'teacher.withdrew':
        return decide(examId, 'withdraw', tokens.teacher)
      case 'supervisor.approved':
        return decide(examId, 'approve', tokens.supervisor)
      case 'supervisor.requiredEdit':
        return decide(examId, 'requireEdit', tokens.supervisor, reason)
      case 'supervisor.rejected':
        return decide(examId, 'reject', tokens.supervisor, reason)
      case 'teacher.assigned':
        return okData(await postExam(server.url, '/ExamBuilder/AssignFixedExam', { examId }, tokens.teacher))
      case 'teacher.switchedToTraining':
        return okData(await postExam(server.url, `/ExamBuilder/SwitchExamToTrainingMode?ExamID=${examId}`, undefined, tokens.teacher))
      case 'teacher.edited': {
        const now = await read(examId)
        const body = validExam(ids, { startsAt: now.startsAt, endsAt: now.endsAt, title: `Edited ${now.version}`, training: now.training })
        return okData(await postExam(server.url, '/ExamBuilder/UpdateFixedExam', { examId, version: now.version, ...body }, tokens.teacher))
      }
      case 'clock.opened':
        time.advance(hour + 1_000)
        return read(examId)
      default:
        throw new Error(`not driven: ${event.type}`)
    }
  }

  it('generates paths through every status the builder reaches', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value as string)))
    for (const status of ['draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved', 'assigned', 'notViewed']) expect(reached).toContain(status)
  })

  for (const path of paths) {
    it(
      path.description,
      async () => {
        const start = time.clock.now() + hour
        const exam = await createExam(
          server.url,
          tokens.teacher,
          validExam(ids, { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 2 * hour).toISOString() }),
        )
        // The last call and the status it was made in, for where it should leave the exam.
        let last: { readonly event: Driven; readonly before: ExamStatus } | null = null
        await path.test({
          events: Object.fromEntries(
            [...drivenTypes].map((type) => [
              type,
              async (step: { readonly event: ExamLifecycleEvent }) => {
                const before = (await storedExam(server.db, exam.id))!.status as ExamStatus
                last = { event: step.event.type as Driven, before }
                await perform(exam, step.event)
              },
            ]),
          ),
          states: {
            '*': async (state) => {
              const status = state.value as ExamStatus
              const after = `after ${path.steps.map((step) => step.event.type).join(' → ') || 'creating'}`
              const stored = await storedExam(server.db, exam.id)
              // Where the last call leaves it, by the test's own account.
              const expected = last === null ? 'draft' : leavesIt(last.event, last.before)
              expect(stored?.status, `${after}: where ${last?.event ?? 'creating'} leaves it`).toBe(expected)
              const seen = await read(exam.id)
              // The server's record: its status, the supervisor's reason kept only where it belongs, the training flag, the questions' lock.
              expect(stored?.status, after).toBe(status)
              expect(seen.status, after).toBe(status)
              expect(stored?.status_reason, after).toBe(status === 'requiredEdit' || status === 'rejected' ? reason : null)
              expect(stored?.training, after).toBe(state.context.training)
              expect(seen.questionsLocked, after).toBe(questionsLocked(status))
            },
          },
        })
      },
      30_000,
    )
  }

  /*
   * What the paths cannot walk, with each status written here: the guards (the paths take only what
   * the machine allows, and the server asks the same machine) and the moves past the builder (a
   * student's start, the close, correction, publishing), each asserted on the stored exam.
   */
  const statusOf = async (examId: number) => (await storedExam(server.db, examId))!.status

  it('refuses to send an exam for approval while a corrector who declined leaves the shares short of 100, as a draft and after a required edit', async () => {
    const exam = await createExam(server.url, tokens.teacher, validExam(ids))
    await decide(exam.id, 'submit', tokens.teacher)
    await decide(exam.id, 'requireEdit', tokens.supervisor, reason)
    okData(await postExam(server.url, '/ExamBuilder/RespondToCorrectorAssignment', { examId: exam.id, accept: false }, tokens.supervisor))
    const submit = () => postExam(server.url, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: exam.id, decision: 'submit' }, tokens.teacher)
    await expectExamCode(server.db, submit, examCodes.examCannotBeSubmitted)
    expect(await statusOf(exam.id)).toBe('requiredEdit')
    const draft = await createExam(server.url, tokens.teacher, validExam(ids))
    okData(await postExam(server.url, '/ExamBuilder/RespondToCorrectorAssignment', { examId: draft.id, accept: false }, tokens.supervisor))
    await expectExamCode(
      server.db,
      () => postExam(server.url, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: draft.id, decision: 'submit' }, tokens.teacher),
      examCodes.examCannotBeSubmitted,
    )
    expect(await statusOf(draft.id)).toBe('draft')
  })

  it('past the builder: opened, started, closed, graded paper by paper (the mode locked by the first mark), done, published', async () => {
    const minute = 60_000
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now())
    time.advance(61 * minute)
    await read(exam.id)
    expect(await statusOf(exam.id)).toBe('notViewed')
    await sitExam(server.url, tokens.student, exam.id, someAnswers, time.clock.now())
    expect(await statusOf(exam.id)).toBe('inProgress')
    await sitExam(server.url, tokens.student2, exam.id, { q1: { type: 2, selected: 'a' } }, time.clock.now())
    // Its end (two hours after the start) and the school's grace period (120 s) passed: the first correction read closes it.
    time.advance(122 * minute)
    const teacher = correctionCalls(server.url, tokens.teacher)
    const supervisor = correctionCalls(server.url, tokens.supervisor)
    okData(await teacher.papers(exam.id))
    expect(await statusOf(exam.id)).toBe('underCorrection')
    const grade = async (calls: ReturnType<typeof correctionCalls>) => {
      const mine = okData(await calls.papers(exam.id)).papers[0]!
      const paper = okData(await calls.session(mine.sessionId))
      const marked = okData(await calls.correct({ sessionId: mine.sessionId, version: paper.version, questionId: 'q5', score: 1 }))
      return () => calls.finish({ sessionId: mine.sessionId, version: marked.version }).then(okData)
    }
    const finishTeachers = await grade(teacher)
    // A paper has a mark: the correctors mode is no longer converted.
    const { version } = okData(
      await postExam<{ version: number }>(server.url, `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${exam.id}`, undefined, tokens.teacher),
    )
    const correctors = [
      { correctorId: ids.teacherId, percentage: 60 },
      { correctorId: ids.supervisorId, percentage: 40 },
    ]
    await expectExamRefused(
      server.db,
      () =>
        postExam(
          server.url,
          '/ExamBuilder/UpdateCorrectors',
          { examId: exam.id, version, correctorsMode: 'double', markDifferenceThreshold: 1, correctors },
          tokens.teacher,
        ),
      ['correctorsMode'],
    )
    await finishTeachers()
    // One paper of two graded: still under correction.
    expect(await statusOf(exam.id)).toBe('underCorrection')
    await (
      await grade(supervisor)
    )()
    expect(await statusOf(exam.id)).toBe('done')
    okData(await teacher.publish(exam.id))
    expect(await statusOf(exam.id)).toBe('published')
  }, 60_000)

  it('an assigned exam nobody sat is done at its close, and read so at once', async () => {
    const exam = await assignedExam(server.url, ids, tokens, time.clock.now())
    time.advance(61 * 60_000)
    await read(exam.id)
    expect(await statusOf(exam.id)).toBe('notViewed')
    time.advance(122 * 60_000)
    const listed = okData(await postExam<Array<{ id: number; status: string }>>(server.url, '/Exams/GetTeacherExams', { tab: 'previous' }, tokens.teacher))
    expect(listed).toContainEqual(expect.objectContaining({ id: exam.id, status: 'done' }))
    expect(await statusOf(exam.id)).toBe('done')
  }, 60_000)
})
