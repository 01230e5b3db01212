import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  type HomeworkCorrectionContext,
  type HomeworkCorrectionEvent,
  homeworkCorrectionMachine,
  openForStudent,
  type SubmissionStatus,
} from '../../machines/homework-correction.machine.ts'
import { checkTransition } from '../../server/status/transition.ts'
import { testDatabases } from '../server/support/databases.ts'
import { createCoverage } from './support/coverage.ts'
import { apiStatus, type Seen, startCorrectionWorld } from './support/homework-correction-api.ts'

const allEvents: HomeworkCorrectionEvent[] = [
  { type: 'student.opened' },
  { type: 'student.savedDraft' },
  { type: 'student.submitted' },
  { type: 'student.unsubmitted' },
  { type: 'due.passed' },
  { type: 'teacher.graded' },
  { type: 'teacher.markedCorrected' },
  { type: 'teacher.reopened' },
  { type: 'teacher.extendedDue' },
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
  // Usually nothing is stored yet; an extension of work opened but never answered returns here with its row.
  notViewed: { handedIn: false, corrected: false, pastDue: false, gradeShownToStudent: false },
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
// the context, the event that led there and the status it came from, so every transition (the
// self-transitions too: a draft saved, an answer graded) ends a vertex of its own, and the shortest
// path to each vertex walks them all. (Simple paths served while the machine had no way back; with
// undo and extensions they are tens of thousands.) The homework accepts late work, so its
// transitions are walked too; a closed one's refusals are the rules' test below.
const model = createTestModel(homeworkCorrectionMachine, {
  events: allEvents,
  // Only what the status takes: an event its guard refuses would otherwise be walked as a step that stays.
  filterEvents: (snapshot, event) => snapshot.can(event),
  input: { lateAccepted: true },
  serializeState: (state, event, previous) => JSON.stringify([state.value, state.context, event?.type ?? null, previous?.value ?? null]),
})
const paths = model.getShortestPaths()
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
        const shadow = createActor(homeworkCorrectionMachine, { input: { lateAccepted: true }, inspect: coverage.inspect }).start()
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
              expect({ answered: seen.answered, graded: seen.reviewed, pastDue: seen.pastDue }, after).toEqual({
                answered: state.context.answered,
                graded: state.context.graded,
                pastDue: state.context.pastDue,
              })
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
    const reopen = createActor(homeworkCorrectionMachine, { input: { lateAccepted: true }, inspect: coverage.inspect }).start()
    for (const type of ['due.passed', 'teacher.markedCorrected', 'teacher.reopened'] as const) reopen.send({ type })
    expect(reopen.getSnapshot().value).toBe('uncompleted')
    expect(coverage.missedNodes()).toEqual([])
    expect(coverage.missedTransitions()).toEqual([])
  })
})

describe('homework correction rules', () => {
  const check = (value: string, submitted: boolean, type: HomeworkCorrectionEvent['type'], facts: Partial<HomeworkCorrectionContext> = {}) =>
    checkTransition(
      homeworkCorrectionMachine,
      { value, context: { submitted, answered: submitted, graded: false, pastDue: value === 'uncompleted', lateAccepted: false, ...facts } },
      { type } as HomeworkCorrectionEvent,
    )

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

  it('a hand-in is undone only before her due date and before any mark', () => {
    expect(check('ready', true, 'student.unsubmitted')).toEqual({ allowed: true, next: 'inProgress' })
    expect(check('ready', true, 'student.unsubmitted', { pastDue: true })).toEqual({ allowed: false })
    expect(check('ready', true, 'student.unsubmitted', { graded: true })).toEqual({ allowed: false })
    for (const value of ['notViewed', 'inProgress', 'uncompleted', 'done'])
      expect(check(value, false, 'student.unsubmitted'), value).toEqual({ allowed: false })
  })

  it('past due, a homework closed to late work refuses her answers; one that accepts them takes them until marked', () => {
    expect(check('uncompleted', false, 'student.savedDraft')).toEqual({ allowed: false })
    expect(check('uncompleted', false, 'student.savedDraft', { lateAccepted: true })).toEqual({ allowed: true, next: 'uncompleted' })
    expect(check('uncompleted', false, 'student.submitted', { lateAccepted: true })).toEqual({ allowed: true, next: 'ready' })
    expect(check('uncompleted', false, 'student.submitted', { lateAccepted: true, graded: true })).toEqual({ allowed: false })
    expect(check('uncompleted', false, 'student.savedDraft', { lateAccepted: true, graded: true })).toEqual({ allowed: false })
  })

  it('an extension reopens unmarked work past due, and is refused for work handed in, corrected or marked', () => {
    expect(check('uncompleted', false, 'teacher.extendedDue', { answered: true })).toEqual({ allowed: true, next: 'inProgress' })
    expect(check('uncompleted', false, 'teacher.extendedDue')).toEqual({ allowed: true, next: 'notViewed' })
    expect(check('uncompleted', false, 'teacher.extendedDue', { answered: true, graded: true })).toEqual({ allowed: false })
    expect(check('inProgress', false, 'teacher.extendedDue')).toEqual({ allowed: true, next: 'inProgress' })
    expect(check('ready', true, 'teacher.extendedDue')).toEqual({ allowed: false })
    expect(check('done', true, 'teacher.extendedDue')).toEqual({ allowed: false })
  })
})
