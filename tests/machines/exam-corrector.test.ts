import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { examCorrectorMachine, type CorrectorStatus, type ExamCorrectorEvent } from '../../machines/exam-corrector.machine.ts'
import type { ExamCorrectorsForEdit } from '../../plugins/exams/contract/exam-views.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from '../server/support/databases.ts'
import { createExam, examIds, okData, postExam, validExam, type ExamIds } from '../server/support/exams.ts'
import { accounts, signedIn } from '../server/support/http.ts'

const reason = 'Take half of the papers.'

/**
 * The corrector's moves the builder's calls make, the supervising corrector (supervisor@) being the
 * corrector walked: the teacher names her, changes her share or takes her off (UpdateCorrectors), she
 * accepts or declines (RespondToCorrectorAssignment), the supervisor approves her or requires an edit
 * (UpdateCorrectorApprovalStatus). Starting to grade belongs to the correction part and its tests.
 */
const driven: ExamCorrectorEvent[] = [
  { type: 'teacher.named' },
  { type: 'teacher.changedShare' },
  { type: 'teacher.removed' },
  { type: 'corrector.accepted' },
  { type: 'corrector.declined' },
  { type: 'supervisor.approved' },
  { type: 'supervisor.requiredEdit', reason },
]
const drivenTypes = new Set(driven.map((event) => event.type))

/**
 * Where each call leaves her, written here from the moves the machine's doc comment gives and not read
 * from the machine: the server moves her status with the machine itself, so a path that only compared
 * the two would agree with any wrong target. Every driven move has one outcome, whatever she was in.
 */
type Driven = Exclude<ExamCorrectorEvent['type'], 'corrector.startedGrading'>
const leavesHer: Readonly<Record<Driven, CorrectorStatus>> = {
  'teacher.named': 'assigned',
  // From "assigned" (a new share she answers to) or "required edit" (sent to her again).
  'teacher.changedShare': 'assigned',
  'teacher.removed': 'notAssigned',
  'corrector.accepted': 'waitingForApproval',
  'corrector.declined': 'notAssigned',
  'supervisor.approved': 'approved',
  'supervisor.requiredEdit': 'requiredEdit',
}

const model = createTestModel(examCorrectorMachine, {
  events: driven,
  filterEvents: (snapshot, event) => drivenTypes.has(event.type) && snapshot.can(event),
  serializeState: (state, event, previous) => JSON.stringify([state.value, event?.type ?? null, previous?.value ?? null]),
})
const paths = model.getShortestPaths()

describe.each(testDatabases)('exam corrector machine: generated paths run on the real server ($name), as teacher, corrector and supervisor', (database) => {
  let server: StartedServer
  let ids: ExamIds
  const tokens = { teacher: '', supervisor: '' }

  beforeAll(async () => {
    server = await database.start()
    ids = await examIds(server.db)
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.supervisor = (await signedIn(server.url, accounts.supervisor)).accessToken
  }, 120_000)
  afterAll(() => server?.close())

  const forEdit = async (examId: number) =>
    okData(await postExam<ExamCorrectorsForEdit>(server.url, `/ExamBuilder/GetExamCorrectorsForEdit?ExamID=${examId}`, undefined, tokens.teacher))

  /** The teacher names herself and, when `share` is given, the supervisor with that share. */
  const name = async (examId: number, share: number | null) => {
    const { version } = await forEdit(examId)
    const correctors = [
      { correctorId: ids.teacherId, percentage: 100 - (share ?? 0) },
      ...(share === null ? [] : [{ correctorId: ids.supervisorId, percentage: share }]),
    ]
    okData(await postExam(server.url, '/ExamBuilder/UpdateCorrectors', { examId, version, correctorsMode: 'split', correctors }, tokens.teacher))
  }

  const stored = async (examId: number) =>
    (
      await server.db.query<{ status: string; status_reason: string | null; percentage: number }>(
        'SELECT status, status_reason, percentage FROM exam_correctors WHERE exam_id = $1 AND corrector_id = $2',
        [examId, ids.supervisorId],
      )
    )[0]

  for (const path of paths) {
    it(
      path.description,
      async () => {
        const exam = await createExam(server.url, tokens.teacher, validExam(ids, { correctors: [{ correctorId: ids.teacherId, percentage: 100 }] }))
        let share = 40
        let last: Driven | null = null
        const perform = async (event: ExamCorrectorEvent) => {
          last = event.type as Driven
          switch (event.type) {
            case 'teacher.named':
              return name(exam.id, share)
            case 'teacher.changedShare':
              share = share === 40 ? 50 : 40
              return name(exam.id, share)
            case 'teacher.removed':
              return name(exam.id, null)
            case 'corrector.accepted':
            case 'corrector.declined':
              return okData(
                await postExam(
                  server.url,
                  '/ExamBuilder/RespondToCorrectorAssignment',
                  { examId: exam.id, accept: event.type === 'corrector.accepted' },
                  tokens.supervisor,
                ),
              )
            case 'supervisor.approved':
            case 'supervisor.requiredEdit':
              return okData(
                await postExam(
                  server.url,
                  '/ExamBuilder/UpdateCorrectorApprovalStatus',
                  {
                    examId: exam.id,
                    correctorId: ids.supervisorId,
                    decision: event.type === 'supervisor.approved' ? 'approve' : 'requireEdit',
                    ...(event.type === 'supervisor.requiredEdit' ? { reason } : {}),
                  },
                  tokens.supervisor,
                ),
              )
            default:
              throw new Error(`not driven: ${event.type}`)
          }
        }
        await path.test({
          events: Object.fromEntries(driven.map((event) => [event.type, async () => void (await perform(event))])),
          states: {
            '*': async (state) => {
              const status = state.value as CorrectorStatus
              const after = `after ${path.steps.map((step) => step.event.type).join(' → ') || 'creating'}`
              const row = await stored(exam.id)
              const listed = (await forEdit(exam.id)).correctors.find((corrector) => corrector.correctorId === ids.supervisorId)
              // The server's record: her row and status (taken off or declined: none, or not assigned, holding no share), her share, the supervisor's reason.
              expect(row?.status ?? 'notAssigned', after).toBe(status)
              expect(listed?.status ?? 'notAssigned', after).toBe(status)
              if (status !== 'notAssigned') expect(row?.percentage, after).toBe(share)
              expect(row?.status_reason ?? null, after).toBe(status === 'requiredEdit' ? reason : null)
              // … and it is where the last call leaves her.
              expect(row?.status ?? 'notAssigned', `${after}: where ${last ?? 'creating'} leaves her`).toBe(last === null ? 'notAssigned' : leavesHer[last])
            },
          },
        })
      },
      30_000,
    )
  }

  it('generates paths through every status but grading', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value as string)))
    for (const status of ['notAssigned', 'assigned', 'waitingForApproval', 'approved', 'requiredEdit']) expect(reached).toContain(status)
  })
})
