import { Schema } from 'effect'
import { ItemKey, ItemList, ItemText, questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/** Choice questions: multiple choice (1), single choice (2) and true/false (3). */

export const ChoiceOption = Schema.Struct({ id: ItemKey, text: ItemText, correct: Schema.Boolean })
export type ChoiceOption = typeof ChoiceOption.Type

/** Several options may be right; the student ticks any number of them. */
export const MultipleChoiceQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.multipleChoice),
  ...questionBase,
  options: ItemList(ChoiceOption),
})
export const MultipleChoiceAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.multipleChoice),
  selected: ItemList(ItemKey),
})

/** Exactly one option is right; the student picks one (or none yet). */
export const SingleChoiceQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.singleChoice),
  ...questionBase,
  options: ItemList(ChoiceOption),
})
export const SingleChoiceAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.singleChoice),
  selected: Schema.NullOr(ItemKey),
})

/** The header is a statement; `correct` says whether it is true. */
export const TrueFalseQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.trueFalse),
  ...questionBase,
  correct: Schema.Boolean,
})
export const TrueFalseAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.trueFalse),
  value: Schema.NullOr(Schema.Boolean),
})
