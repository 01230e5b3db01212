import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { StudentQuestion, toStudentView, type ArrangeItems } from '../../../contracts/questions/student-view.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { complete, connect, multipleChoice, paragraph, rearrange, singleChoice, trueFalse } from '../fixtures/questions/build.ts'

const questions = [
  multipleChoice(2, [true, false, true]),
  singleChoice(1, 2),
  trueFalse(1, true),
  { ...paragraph(4), modelAnswer: 'The secret model answer' },
  rearrange(2, 5),
  complete(1, [['Cairo', 'القاهرة']]),
  connect(2, 4),
]

/** An arrangement for the tests: the items reversed, and which question asked. */
const asked: string[] = []
const reversed: ArrangeItems = (questionId, items) => {
  asked.push(questionId)
  return [...items].reverse()
}

describe('a question as the student sees it', () => {
  it('leaves out what is right: correct flags, the true/false value, gap answers and the model answer', () => {
    for (const question of questions) {
      const view = JSON.stringify(toStudentView(question, reversed))
      expect(view, `type ${question.type}`).not.toMatch(/"correct"|"answers"|"modelAnswer"|"matching"|"pairs"|Cairo|القاهرة|secret/u)
      expect(Result.isSuccess(Schema.decodeUnknownResult(StudentQuestion)(JSON.parse(view))), `type ${question.type}`).toBe(true)
    }
  })

  it('shows re-arrange items and connect right sides in the order it is given (the server decides it, no client works it out); connect left sides as written', () => {
    asked.length = 0
    const view = toStudentView(rearrange(2, 4), reversed)
    if (view.type !== QuestionType.rearrange) throw new Error('type')
    expect(view.items).toEqual([4, 3, 2, 1].map((index) => ({ id: `i${index}`, text: `Step ${index}` })))
    const matching = toStudentView(connect(2, 3), reversed)
    if (matching.type !== QuestionType.connect) throw new Error('type')
    expect(matching.left.map((item) => item.id)).toEqual(['l1', 'l2', 'l3'])
    expect(matching.right.map((item) => item.id)).toEqual(['r3', 'r2', 'r1'])
    expect(asked).toEqual(['q-rearrange', 'q-connect'])
  })
})
