import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { type HomeworkCorrectionEvent, homeworkCorrectionMachine, openForStudent } from '../../machines/homework-correction.machine.ts'
import { checkTransition } from '../../server/status/transition.ts'
import { createCoverage } from './support/coverage.ts'

const allEvents: HomeworkCorrectionEvent[] = [
  { type: 'student.opened' },
  { type: 'student.savedDraft' },
  { type: 'student.submitted' },
  { type: 'due.passed' },
  { type: 'teacher.graded' },
  { type: 'teacher.markedCorrected' },
  { type: 'teacher.reopened' },
]

const coverage = createCoverage(homeworkCorrectionMachine)

describe('homework correction machine — generated paths', () => {
  // No invoked actors or delays here, so the plain `createTestModel` applies. A vertex is the status,
  // the context and the event that led there, so the self-transitions (a draft saved, an answer graded)
  // are steps of their own; simple paths then reach "done" through "ready" and through "uncompleted".
  const model = createTestModel(homeworkCorrectionMachine, {
    events: allEvents,
    serializeState: (state, event) => JSON.stringify([state.value, state.context, event?.type ?? null]),
  })
  const paths = model.getSimplePaths()

  it('generates paths through every status', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))))
    for (const status of ['notViewed', 'inProgress', 'ready', 'uncompleted', 'done']) expect(reached).toContain(JSON.stringify(status))
  })

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(homeworkCorrectionMachine, { input: {}, inspect: coverage.inspect }).start()
      // The server's check agrees with the running machine on every step of the path.
      await path.test({
        events: Object.fromEntries(
          allEvents.map((event) => [
            event.type,
            () => {
              const before = actor.getSnapshot()
              const checked = checkTransition(homeworkCorrectionMachine, { value: before.value, context: before.context }, event)
              actor.send(event)
              expect(checked).toEqual({ allowed: true, next: actor.getSnapshot().value })
            },
          ]),
        ),
        states: {
          '*': (state) => expect(actor.getSnapshot().value).toEqual(state.value),
        },
      })
      actor.stop()
    })
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
  const check = (value: string, submitted: boolean, type: HomeworkCorrectionEvent['type']) => checkTransition(homeworkCorrectionMachine, { value, context: { submitted, answered: submitted, graded: false } }, { type } as HomeworkCorrectionEvent)

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
