import fc from 'fast-check'
import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { seededShuffle } from '../../contracts/questions/seeded-shuffle.ts'
import { StudentQuestion, toStudentView } from '../../contracts/questions/student-view.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from './fixtures/questions/build.ts'

const questions = [
  multipleChoice(2, [true, false, true]),
  singleChoice(1, 2),
  trueFalse(1, true),
  { ...paragraph(4), modelAnswer: 'The secret model answer' },
  rearrange(2, 5),
  complete(1, [['Cairo', 'القاهرة']]),
  connect(2, 4),
]

describe('a question as the student sees it', () => {
  it('leaves out what is right: correct flags, the true/false value, gap answers and the model answer', () => {
    for (const question of questions) {
      const view = JSON.stringify(toStudentView(question, 'student-1'))
      expect(view, `type ${question.type}`).not.toMatch(/"correct"|"answers"|"modelAnswer"|"matching"|"pairs"|Cairo|القاهرة|secret/u)
      expect(Result.isSuccess(Schema.decodeUnknownResult(StudentQuestion)(JSON.parse(view))), `type ${question.type}`).toBe(true)
    }
  })

  it('keeps every re-arrange item and connect side, shuffled the same way for the same seed', () => {
    const view = toStudentView(rearrange(2, 6), 'student-1')
    expect(view).toEqual(toStudentView(rearrange(2, 6), 'student-1'))
    if (view.type !== QuestionType.rearrange) throw new Error('type')
    expect(view.items.map((item) => item.id).sort()).toEqual(['i1', 'i2', 'i3', 'i4', 'i5', 'i6'])
    const matching = toStudentView(connect(2, 5), 'student-1')
    if (matching.type !== QuestionType.connect) throw new Error('type')
    expect(matching.left.map((item) => item.id)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5'])
    expect(matching.right.map((item) => item.id).sort()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'])
  })

  it('never shows re-arrange items already in the right order, whatever the seed (2 items included)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 8 }), (seed, count) => {
        const view = toStudentView(rearrange(1, count), seed)
        if (view.type !== QuestionType.rearrange) throw new Error('type')
        expect(view.items.map((item) => item.id)).not.toEqual(rearrange(1, count).items.map((item) => item.id))
      }),
      { seed: 20261123, numRuns: 300 },
    )
  })

  it('different students get different orders (the shuffle depends on the seed)', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, index) => seededShuffle([1, 2, 3, 4, 5, 6], `student-${index}`).join('')))
    expect(orders.size).toBeGreaterThan(10)
  })
})
