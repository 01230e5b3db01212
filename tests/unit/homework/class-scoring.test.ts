import { describe, expect, it } from 'vitest'
import { scoreSubmission } from '../../../contracts/questions/scoring.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { prescoreClass } from '../../../workers/class-scoring.ts'
import { complete, paragraph, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

const questions = [singleChoice(1, 0), complete(2, [['a'], ['b'], ['c'], ['d']]), trueFalse(1, true), paragraph(4)]
const gaps = (...texts: string[]) => ({ type: QuestionType.complete, gaps: Object.fromEntries(texts.map((text, index) => [`g${index + 1}`, text])) }) as const

const submissions = [
  {
    studentId: 11,
    answers: {
      'q-single': { type: QuestionType.singleChoice, selected: 'o1' },
      'q-complete': gaps('a', 'b', 'c', 'x'),
      'q-true-false': { type: QuestionType.trueFalse, value: false },
      'q-paragraph': { type: QuestionType.paragraph, text: 'My summer.' },
    },
  },
  { studentId: 12, answers: { 'q-single': { type: QuestionType.singleChoice, selected: 'o2' }, 'q-complete': gaps('A', 'B', 'C', 'D') } },
  { studentId: 13, answers: {} },
] as const

describe('class pre-scoring (the scoring worker’s function)', () => {
  it('scores every student with the same module the server uses', () => {
    const result = prescoreClass(questions, submissions)
    expect(result.students.map((student) => [student.studentId, student.score, student.max, student.manualMax])).toEqual([
      [11, 2.5, 8, 4],
      [12, 2, 8, 4],
      [13, 0, 8, 4],
    ])
    for (const [index, submission] of submissions.entries())
      expect(result.students[index]).toEqual({ studentId: submission.studentId, ...scoreSubmission(questions, submission.answers) })
  })

  it('summarises each question: outcomes counted and the average score', () => {
    const [single, gapsSummary, statement, written] = prescoreClass(questions, submissions).questions
    expect(single).toEqual({ id: 'q-single', counts: { correct: 1, incorrect: 2, partial: 0, manual: 0 }, average: 0.33 })
    expect(gapsSummary).toEqual({ id: 'q-complete', counts: { correct: 1, incorrect: 1, partial: 1, manual: 0 }, average: 1.17 })
    expect(statement?.counts).toEqual({ correct: 0, incorrect: 3, partial: 0, manual: 0 })
    expect(written?.counts).toEqual({ correct: 0, incorrect: 0, partial: 0, manual: 3 })
  })

  it('an empty class has no students and averages of 0', () => {
    expect(prescoreClass(questions, []).questions.every((summary) => summary.average === 0)).toBe(true)
  })

  it('scores a class of 40 with 50 complete questions each, Arabic and digit variants included', () => {
    const many = Array.from({ length: 50 }, (_, index) => complete(2, [['Cairo'], ['النيل'], ['12']], undefined, `q${index}`))
    const answers = Object.fromEntries(many.map((question) => [question.id, gaps('cairo', 'النيلُ', '١٢')]))
    const result = prescoreClass(
      many,
      Array.from({ length: 40 }, (_, index) => ({ studentId: index, answers })),
    )
    expect(result.students.every((student) => student.score === 100)).toBe(true)
  })
})
