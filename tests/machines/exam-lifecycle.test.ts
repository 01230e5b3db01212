import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { examLifecycleMachine, questionsLocked, type ExamLifecycleEvent, type ExamStatus } from '../../machines/exam-lifecycle.machine.ts'
import type { FixedExamDetails } from '../../plugins/exams/contract/exam-views.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from '../server/support/databases.ts'
import { createExam, examIds, getExam, okData, postExam, storedExam, validExam, type ExamIds } from '../server/support/exams.ts'
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
  const tokens = { teacher: '', supervisor: '' }

  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock })
    ids = await examIds(server.db)
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(server.url, accounts.supervisor)).accessToken
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
        await path.test({
          events: Object.fromEntries(driven.map((event) => [event.type, async () => void (await perform(exam, event))])),
          states: {
            '*': async (state) => {
              const status = state.value as ExamStatus
              const after = `after ${path.steps.map((step) => step.event.type).join(' → ') || 'creating'}`
              const stored = await storedExam(server.db, exam.id)
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
})
