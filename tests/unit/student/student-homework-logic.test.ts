import { rebaseFromNothing } from '../../../src/events/rebase-version.ts'
import { describe, expect, it } from 'vitest'
import type { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { myHomeworkEventNames } from '../../../plugins/student/events.ts'
import { emptyMyHomeworkView, isSubmitWaiting, myHomeworkProjection, type MyHomeworkView, waitingAnswers } from '../../../plugins/student/projection.ts'
import { project } from '../../../src/events/fold.ts'
import { isAnswered, isToDo, studentActionsOf, unansweredCount } from '../../../plugins/student/student-logic.ts'
import { defaultStudentRoles } from '../../../contracts/settings.ts'
import { effectiveRoles } from '../../../src/plugin-host/roles.ts'

type Event = { id: string; name: string; payload: unknown; at: number }
/** The store's fold over a log that grows by one event per call (the projection reads its writes' lifecycle from the ledger). */
const logOf = (): ((state: MyHomeworkView, event: Event) => MyHomeworkView) => {
  const log: Event[] = []
  return (_, event) => (log.push(event), project(myHomeworkProjection, log))
}

describe('what a student may do with her work (the correction machine decides)', () => {
  it('answers and hands in new work and work in progress', () => {
    expect(studentActionsOf('not_viewed')).toEqual({ saveDraft: true, submit: true })
    expect(studentActionsOf('in_progress')).toEqual({ saveDraft: true, submit: true })
  })
  it('changes nothing once handed in, past due or corrected', () => {
    for (const status of ['ready', 'uncompleted', 'done'] as const) expect(studentActionsOf(status)).toEqual({ saveDraft: false, submit: false })
  })
  it('past the due date of a homework that accepts late work, still answers and hands in; handed in or corrected, still nothing', () => {
    expect(studentActionsOf('uncompleted', true)).toEqual({ saveDraft: true, submit: true })
    for (const status of ['not_viewed', 'in_progress'] as const) expect(studentActionsOf(status, true)).toEqual({ saveDraft: true, submit: true })
    for (const status of ['ready', 'done'] as const) expect(studentActionsOf(status, true)).toEqual({ saveDraft: false, submit: false })
  })
  it('lists as still to do what is open to her answers, late work accepted included', () => {
    expect(isToDo({ status: 'uncompleted', lateWork: 'accepted' })).toBe(true)
    expect(isToDo({ status: 'uncompleted', lateWork: 'closed' })).toBe(false)
    expect(isToDo({ status: 'in_progress', lateWork: 'closed' })).toBe(true)
    for (const status of ['ready', 'done'] as const) expect(isToDo({ status, lateWork: 'accepted' })).toBe(false)
  })
})

describe('her draft on this device', () => {
  it('keeps the newest waiting answers of each homework until the server answers them', () => {
    const reduce = logOf()
    let state = emptyMyHomeworkView
    state = reduce(state, {
      id: 'd1',
      name: myHomeworkEventNames.draftSaveRequested,
      payload: { homeworkId: 4, version: 1, answers: { q1: { type: 4, text: 'first' } } },
      at: 0,
    })
    state = reduce(state, {
      id: 'd2',
      name: myHomeworkEventNames.draftSaveRequested,
      payload: { homeworkId: 4, version: 1, answers: { q1: { type: 4, text: 'second' } } },
      at: 1,
    })
    state = reduce(state, {
      id: 'x1',
      name: myHomeworkEventNames.draftSaveRequested,
      payload: { homeworkId: 5, version: 1, answers: { q1: { type: 4, text: 'other' } } },
      at: 2,
    })
    expect(waitingAnswers(state, 4)).toEqual({ q1: { type: 4, text: 'second' } })
    expect(isSubmitWaiting(state, 4)).toBe(false)
    state = reduce(state, { id: 'c1', name: 'v1.CommandConfirmed', payload: { commandId: 'd1', result: { homeworkId: 4, version: 2, questions: [] } }, at: 3 })
    // The second draft was made against version 1 too: it goes as version 2, after her first.
    expect(rebaseFromNothing(1, state.ownVersions[4])).toBe(2)
    state = reduce(state, { id: 'c2', name: 'v1.CommandConfirmed', payload: { commandId: 'd2', result: { homeworkId: 4, version: 3, questions: [] } }, at: 4 })
    expect(waitingAnswers(state, 4)).toBeNull()
    expect(waitingAnswers(state, 5)).toEqual({ q1: { type: 4, text: 'other' } })
  })
  it('knows a hand-in is waiting to be sent', () => {
    const state = logOf()(emptyMyHomeworkView, {
      id: 's1',
      name: myHomeworkEventNames.submitRequested,
      payload: { homeworkId: 4, version: 3, answers: {} },
      at: 0,
    })
    expect(isSubmitWaiting(state, 4)).toBe(true)
    expect(isSubmitWaiting(state, 5)).toBe(false)
  })
  it('starts a write read before anything was stored from her first stored version', () => {
    expect(rebaseFromNothing(null, undefined)).toBeNull()
    expect(rebaseFromNothing(null, [1, 2])).toBe(2)
  })
})

describe('unanswered questions before handing in', () => {
  const questions = [
    { type: 4, id: 'a', header: 'A', degree: 1 },
    { type: 3, id: 'b', header: 'B', degree: 1 },
    { type: 7, id: 'c', header: 'C', degree: 1, body: [] },
  ] as unknown as ReadonlyArray<StudentQuestion>
  it('counts an empty text, an untouched question and empty gaps as unanswered', () => {
    expect(unansweredCount(questions, { a: { type: 4, text: '  ' }, c: { type: 7, gaps: { g1: '' } } })).toBe(3)
    expect(unansweredCount(questions, { a: { type: 4, text: 'yes' }, b: { type: 3, value: false }, c: { type: 7, gaps: { g1: '4' } } })).toBe(0)
  })
  it('counts false as an answer to a true/false question', () => expect(isAnswered({ type: 3, value: false })).toBe(true))
})

describe('a student’s roles', () => {
  it('a student whose login has no roles holds the student defaults, a teacher the teacher defaults', () => {
    expect(effectiveRoles([], 'Student')).toEqual(defaultStudentRoles)
    expect(effectiveRoles([], 'Teacher')).toContain('Home')
    expect(effectiveRoles([], 'Student')).not.toContain('Home')
  })
  it('roles given at login win over the defaults', () => expect(effectiveRoles(['Results'], 'Student')).toEqual(['Results']))
})
