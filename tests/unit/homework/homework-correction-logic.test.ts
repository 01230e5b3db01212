import { rebaseFromNothing } from '../../../src/events/rebase-version.ts'
import { describe, expect, it } from 'vitest'
import type { Question } from '../../../contracts/questions/question.ts'
import { correctionActionsOf, gradeWith, neighbourOf, reviewChanges } from '../../../plugins/homework/correction/logic.ts'
import { correctionProjection } from '../../../plugins/homework/correction/projection.ts'
import { project } from '../../../src/events/fold.ts'
import { correctionEventNames } from '../../../plugins/homework/correction/events.ts'
import { fileNameOf } from '../../../plugins/homework/correction/grade-book.ts'
import { initialsOf } from '../../../plugins/homework/correction/student-list.tsx'

const single: Question = {
  type: 2,
  id: 'q1',
  header: 'Pick',
  degree: 2,
  options: [
    { id: 'a', text: 'A', correct: true },
    { id: 'b', text: 'B', correct: false },
  ],
}
const paragraph: Question = { type: 4, id: 'q2', header: 'Write', degree: 3 }

describe('the correction screen offers what the correction machine allows', () => {
  it('grades and marks corrected handed-in work, without reopening it', () =>
    expect(correctionActionsOf('ready', true)).toEqual({ grade: true, markCorrected: true, reopen: false }))
  it('grades work past its due date that was never handed in', () =>
    expect(correctionActionsOf('uncompleted', false)).toEqual({ grade: true, markCorrected: true, reopen: false }))
  it('only reopens corrected work', () => expect(correctionActionsOf('done', true)).toEqual({ grade: false, markCorrected: false, reopen: true }))
  it('offers nothing while the student has not opened it or is still answering', () => {
    expect(correctionActionsOf('not_viewed', false)).toEqual({ grade: false, markCorrected: false, reopen: false })
    expect(correctionActionsOf('in_progress', false)).toEqual({ grade: false, markCorrected: false, reopen: false })
  })
})

describe('moving between students', () => {
  const ids = [5, 7, 9]
  it('goes to the next and the previous one', () => {
    expect(neighbourOf(ids, 7, 1)).toBe(9)
    expect(neighbourOf(ids, 7, -1)).toBe(5)
  })
  it('stops at both ends', () => {
    expect(neighbourOf(ids, 9, 1)).toBeNull()
    expect(neighbourOf(ids, 5, -1)).toBeNull()
  })
  it('starts at the first student when none is open', () => expect(neighbourOf(ids, null, 1)).toBe(5))
  it('has no neighbour in an empty list', () => expect(neighbourOf([], null, 1)).toBeNull())
})

describe('what GradeSubmission is sent', () => {
  it('sends only changed scores and comments; an emptied comment removes it', () => {
    const stored = { q1: { score: 1, comment: 'Good' }, q2: { score: null, comment: null } }
    expect(reviewChanges(stored, { q1: { score: 1, comment: '  ' }, q2: { score: 2.5, comment: '' } })).toEqual([
      { questionId: 'q1', comment: null },
      { questionId: 'q2', score: 2.5 },
    ])
  })
  it('sends nothing when nothing changed (spaces around a comment are no change)', () =>
    expect(reviewChanges({ q1: { score: null, comment: 'Well done' } }, { q1: { score: null, comment: 'Well done ' } })).toEqual([]))
  it('takes an override back with a null score', () =>
    expect(reviewChanges({ q1: { score: 2, comment: null } }, { q1: { score: null, comment: '' } })).toEqual([{ questionId: 'q1', score: null }]))
})

describe('the grade shown while correcting', () => {
  const answers = { q1: { type: 2 as const, selected: 'a' }, q2: { type: 4 as const, text: 'An essay' } }
  it('sums the automatic scores, a hand-marked question counting 0 until marked', () => expect(gradeWith([single, paragraph], answers, {})).toBe(2))
  it('takes the teacher’s score over the automatic one, halves adding up exactly', () =>
    expect(gradeWith([single, paragraph], answers, { q1: { score: 0.5, comment: '' }, q2: { score: 2.5, comment: '' } })).toBe(3))
})

describe('correction writes made offline land in order', () => {
  it('moves a write over this device’s own answered writes', () => {
    expect(rebaseFromNothing(3, [4, 5])).toBe(5)
    expect(rebaseFromNothing(3, [7])).toBe(3)
    expect(rebaseFromNothing(3, undefined)).toBe(3)
  })
  it('records the version each answered write produced, and drops the write from the waiting ones', () => {
    type Event = { id: string; name: string; payload: unknown; at: number }
    const log: Event[] = []
    const reduce = (_: unknown, event: Event) => (log.push(event), project(correctionProjection, log))
    let state = project(correctionProjection, log)
    state = reduce(state, { id: 'c1', name: correctionEventNames.gradeRequested, payload: { homeworkId: 1, studentId: 2, version: 3, reviews: [] }, at: 0 })
    state = reduce(state, { id: 'c2', name: correctionEventNames.markCorrectedRequested, payload: { homeworkId: 1, studentId: 2, version: 3 }, at: 1 })
    expect(state.pending.map((command) => command.id)).toEqual(['c1', 'c2'])
    state = reduce(state, {
      id: 'a1',
      name: 'v1.CommandConfirmed',
      payload: { commandId: 'c1', result: { homeworkId: 1, studentId: 2, version: 4, status: 'ready' } },
      at: 2,
    })
    expect(state.pending.map((command) => command.id)).toEqual(['c2'])
    expect(rebaseFromNothing(3, state.ownVersions['1:2'])).toBe(4)
    state = reduce(state, { id: 'a2', name: 'v1.CommandRejected', payload: { commandId: 'c2', code: 139, message: 'Changed elsewhere' }, at: 3 })
    expect(state.pending).toEqual([])
    expect(state.lastRejection).toMatchObject({ key: '1:2', code: 139 })
  })
})

describe("the grade book file and the students' badges", () => {
  it('names the file as the server says, the UTF-8 name first', () => {
    expect(fileNameOf(`attachment; filename="grades.csv"; filename*=UTF-8''${encodeURIComponent('درجات الصف.csv')}`)).toBe('درجات الصف.csv')
    expect(fileNameOf('attachment; filename="Grade4-A.csv"')).toBe('Grade4-A.csv')
    expect(fileNameOf(null)).toBe('grade-book.csv')
  })
  it('takes the first letters of the first two names, in any script', () => {
    expect(initialsOf('Omar Youssef Al-Qahtani')).toBe('OY')
    expect(initialsOf('عمر يوسف القحطاني')).toBe('عي')
    expect(initialsOf('  Hana  ')).toBe('H')
  })
})
