import { describe, expect, it } from 'vitest'
import { notViewed, statusAsOf, withDueApplied, type Target, type Work } from '../../../plugins/homework/server/submissions/record.ts'
import { correctionView, questionResults, studentView as viewWith } from '../../../plugins/homework/server/submissions/views.ts'
import { presentationOrder } from '../../../plugins/homework/server/presentation-order.ts'
import { serverKeys } from '../../../server/services/server-keys.ts'
import { partlyRightAnswers, scoredQuestions } from '../../server/support/submissions.ts'
import { noMaterials } from '../../../plugins/homework/contract/materials.ts'

/** What a student and a teacher see of one work, without a server: the pure part of plugins/homework/server/submissions. */
const target = (studentId: number, overrides: Partial<Target> = {}): Target => ({
  homeworkId: 7,
  classRoomId: 1,
  studentId,
  studentName: 'Student',
  title: 'Capitals',
  text: 'Answer every question.',
  type: 'homework',
  quizMode: null,
  answersRelease: 'never',
  lateWork: 'closed',
  subjectName: 'Geography',
  questions: scoredQuestions,
  totalDegree: 14,
  startsAt: '2026-12-01T08:00:00.000Z',
  dueAt: '2026-12-02T08:00:00.000Z',
  classDueAt: '2026-12-02T08:00:00.000Z',
  extendedDueAt: null,
  lastDueAt: '2026-12-02T08:00:00.000Z',
  ...overrides,
})

const order = presentationOrder(serverKeys('test-secret-test-secret-test-secret'))
const studentView = (target: Target, work: Work) => viewWith(order, target, work, [], noMaterials, '2026-12-01T12:00:00.000Z')

const autoScores = {
  single: { score: 1, max: 1, outcome: 'correct' as const },
  statement: { score: 0, max: 1, outcome: 'incorrect' as const },
  essay: { score: 0, max: 3, outcome: 'manual' as const },
}
const handedIn: Work = {
  ...notViewed,
  id: 1,
  version: 3,
  status: 'ready',
  answers: partlyRightAnswers,
  autoScores,
  grade: 1,
  submittedAt: '2026-12-01T09:00:00.000Z',
}

const rightSides = (studentId: number) => {
  const connect = studentView(target(studentId), notViewed).questions.find((question) => question.id === 'match') as {
    readonly right: ReadonlyArray<{ readonly id: string }>
  }
  return connect.right.map((side) => side.id).join()
}

describe('what a student sees of her homework', () => {
  it('shuffles per student: the same order for her every time, not the same for the whole class', () => {
    expect(rightSides(11)).toBe(rightSides(11))
    expect(new Set([11, 12, 13, 14, 15, 16].map(rightSides)).size).toBeGreaterThan(1)
  })

  it('shows no result before correction, and the grade with the comments once done', () => {
    expect(studentView(target(1), handedIn)).toMatchObject({ result: null, answerKey: null, version: 3 })
    const done: Work = { ...handedIn, status: 'done', grade: 3.5, comment: 'Good', reviews: { essay: { score: 2.5, comment: 'Clear' } } }
    const view = studentView(target(1), done)
    expect(view.result).toMatchObject({ final: true, grade: 3.5, comment: 'Good' })
    expect(view.result!.questions.find((question) => question.questionId === 'essay')).toEqual({
      questionId: 'essay',
      score: 2.5,
      max: 3,
      outcome: 'partial',
      comment: 'Clear',
    })
    expect(view.answerKey).toBeNull()
  })

  it('a training quiz shows the right answers once handed in, without the comments of a correction not finished', () => {
    const training = target(1, { type: 'quiz', quizMode: 'training', answersRelease: 'afterHandIn' })
    expect(studentView(training, { ...handedIn, status: 'in_progress', submittedAt: null }).answerKey).toBeNull()
    const view = studentView(training, { ...handedIn, comment: 'draft comment', reviews: { essay: { score: 1, comment: 'draft' } } })
    expect(view.answerKey).toEqual(scoredQuestions)
    expect(view.result).toMatchObject({ final: false, comment: null })
    expect(view.result!.questions.every((question) => question.comment === null)).toBe(true)
  })
})

describe('what the teacher corrects from', () => {
  it('adds up her scores first, the automatic ones else, and 0 for what was never scored', () => {
    const reviewed: Work = { ...handedIn, reviews: { statement: { score: 0.5, comment: null }, single: { score: null, comment: 'ok' } } }
    const results = questionResults(scoredQuestions, reviewed)
    expect(results.map((result) => [result.questionId, result.score, result.outcome])).toEqual([
      ['single', 1, 'correct'],
      ['gaps', 0, 'incorrect'],
      ['statement', 0.5, 'partial'],
      ['multiple', 0, 'incorrect'],
      ['match', 0, 'incorrect'],
      ['essay', 0, 'manual'],
    ])
    expect(correctionView(target(1), reviewed, [], '2026-12-01T12:00:00.000Z')).toMatchObject({ currentGrade: 1.5, grade: 1, version: 3 })
  })
})

describe('the lazy due date', () => {
  it('makes work not handed in uncompleted from the due instant on, and leaves handed-in work alone', () => {
    const due = target(1).dueAt
    expect(statusAsOf('in_progress', due, '2026-12-02T07:59:59.999Z')).toBe('in_progress')
    expect(statusAsOf('in_progress', due, due)).toBe('uncompleted')
    expect(statusAsOf('not_viewed', due, due)).toBe('uncompleted')
    expect(statusAsOf('ready', due, due)).toBe('ready')
    expect(statusAsOf('done', due, due)).toBe('done')
    const settled = withDueApplied(target(1), { ...handedIn, status: 'in_progress', submittedAt: null, autoScores: {} }, due)
    expect(settled.changed).toBe(true)
    expect(settled.work.status).toBe('uncompleted')
    expect(settled.work.autoScores['single']).toMatchObject({ score: 1, outcome: 'correct' })
  })
})
