import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { type HomeworkCorrectionEvent, homeworkCorrectionMachine, openForStudent, type SubmissionStatus } from '../../machines/homework-correction.machine.ts'
import { checkTransition } from '../../server/status/transition.ts'
import { testDatabases } from '../server/support/databases.ts'
import { createCoverage } from './support/coverage.ts'
import { apiStatus, type Seen, startCorrectionWorld } from './support/homework-correction-api.ts'

const allEvents: HomeworkCorrectionEvent[] = [
  { type: 'student.opened' },
  { type: 'student.savedDraft' },
  { type: 'student.submitted' },
  { type: 'due.passed' },
  { type: 'teacher.graded' },
  { type: 'teacher.markedCorrected' },
  { type: 'teacher.reopened' },
]

/**
 * What each status means in the server's record, written here and not read from the machine: the
 * server moves statuses with the machine itself, so a path that only compared statuses would agree
 * with any wrong transition. These facts come from the handlers' own writes (a hand-in stamps
 * submittedAt, a correction correctedAt, the clock decides the due date, the student sees a grade
 * once corrected), so a transition to the wrong status is caught by the first check after it.
 */
const facts = (seen: Seen) => ({
  stored: seen.version !== null,
  handedIn: seen.submittedAt !== null,
  corrected: seen.correctedAt !== null,
  pastDue: seen.pastDue,
  gradeShownToStudent: seen.gradeShownToStudent !== null,
})
type Facts = ReturnType<typeof facts>
const meaning: Readonly<Record<SubmissionStatus, Partial<Facts>>> = {
  notViewed: { stored: false, handedIn: false, corrected: false, pastDue: false, gradeShownToStudent: false },
  inProgress: { stored: true, handedIn: false, corrected: false, pastDue: false, gradeShownToStudent: false },
  ready: { stored: true, handedIn: true, corrected: false, gradeShownToStudent: false },
  uncompleted: { handedIn: false, corrected: false, pastDue: true, gradeShownToStudent: false },
  done: { corrected: true, gradeShownToStudent: true },
}
const factsFor = (status: SubmissionStatus, seen: Seen) => {
  const all = facts(seen)
  return Object.fromEntries(Object.keys(meaning[status]).map((key) => [key, all[key as keyof Facts]]))
}

// No invoked actors or delays here, so the plain `createTestModel` applies. A vertex is the status,
// the context and the event that led there, so the self-transitions (a draft saved, an answer graded)
// are steps of their own; simple paths then reach "done" through "ready" and through "uncompleted".
const model = createTestModel(homeworkCorrectionMachine, {
  events: allEvents,
  serializeState: (state, event) => JSON.stringify([state.value, state.context, event?.type ?? null]),
})
const paths = model.getSimplePaths()
const coverage = createCoverage(homeworkCorrectionMachine)

describe.each(testDatabases)('homework correction machine: generated paths run on the real server ($name), as teacher and student', (database) => {
  let world: Awaited<ReturnType<typeof startCorrectionWorld>>
  beforeAll(async () => {
    world = await startCorrectionWorld(database)
  }, 120_000)
  afterAll(() => world?.close())

  it('generates paths through every status', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))))
    for (const status of Object.keys(apiStatus)) expect(reached).toContain(JSON.stringify(status))
  })

  for (const path of paths) {
    it(
      path.description,
      async () => {
        const homework = await world.newHomework()
        // Only measures which transitions the paths walk (the last test); the server is what is checked.
        const shadow = createActor(homeworkCorrectionMachine, { input: {}, inspect: coverage.inspect }).start()
        await path.test({
          events: Object.fromEntries(
            allEvents.map((event) => [
              event.type,
              async () => {
                await world.perform(homework, event.type)
                shadow.send(event)
              },
            ]),
          ),
          states: {
            '*': async (state) => {
              const status = state.value as SubmissionStatus
              const seen = await world.see(homework)
              const after = `after ${path.steps.map((step) => step.event.type).join(' → ')}`
              // The status the server holds, as the teacher and the student read it, is the path's…
              expect(seen.statuses, after).toEqual([apiStatus[status], apiStatus[status], apiStatus[status]])
              // … and the server's record means what that status means.
              expect(factsFor(status, seen), `${after}: what "${status}" means`).toEqual(meaning[status])
              expect({ answered: seen.answered, graded: seen.reviewed }, after).toEqual({ answered: state.context.answered, graded: state.context.graded })
            },
          },
        })
        shadow.stop()
      },
      30_000,
    )
  }

  it('the paths walk every state and transition', () => {
    // Re-opening goes back to "uncompleted" only along paths that never submitted, and to "ready" along the others.
    const reopen = createActor(homeworkCorrectionMachine, { input: {}, inspect: coverage.inspect }).start()
    for (const type of ['due.passed', 'teacher.markedCorrected', 'teacher.reopened'] as const) reopen.send({ type })
    expect(reopen.getSnapshot().value).toBe('uncompleted')
    expect(coverage.missedNodes()).toEqual([])
    expect(coverage.missedTransitions()).toEqual([])
  })
})

describe('homework correction rules', () => {
  const check = (value: string, submitted: boolean, type: HomeworkCorrectionEvent['type']) =>
    checkTransition(homeworkCorrectionMachine, { value, context: { submitted, answered: submitted, graded: false } }, { type } as HomeworkCorrectionEvent)

  it('a student cannot submit once the due date passed, nor change a submitted or corrected one', () => {
    expect(check('uncompleted', false, 'student.submitted')).toEqual({ allowed: false })
    expect(check('ready', true, 'student.savedDraft')).toEqual({ allowed: false })
    expect(check('done', true, 'student.submitted')).toEqual({ allowed: false })
    expect(openForStudent).toEqual(['notViewed', 'inProgress'])
  })

  it('a teacher corrects only what is ready or uncompleted, and re-opening returns where it was', () => {
    expect(check('notViewed', false, 'teacher.markedCorrected')).toEqual({ allowed: false })
    expect(check('inProgress', false, 'teacher.graded')).toEqual({ allowed: false })
    expect(check('ready', true, 'teacher.markedCorrected')).toEqual({ allowed: true, next: 'done' })
    expect(check('uncompleted', false, 'teacher.markedCorrected')).toEqual({ allowed: true, next: 'done' })
    expect(check('done', true, 'teacher.reopened')).toEqual({ allowed: true, next: 'ready' })
    expect(check('done', false, 'teacher.reopened')).toEqual({ allowed: true, next: 'uncompleted' })
  })
})
