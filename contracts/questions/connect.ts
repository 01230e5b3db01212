import { Schema } from 'effect'
import { Item, ItemKey, ItemList, questionBase } from './parts.ts'
import { questionLimits } from './limits.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Connect, or match (8): the teacher writes pairs; the student sees the left sides in order and the
 * right sides shuffled, and answers which right side (by key) each left side goes with.
 */
export const ConnectPair = Schema.Struct({ left: Item, right: Item })
export type ConnectPair = typeof ConnectPair.Type

export const ConnectQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.connect),
  ...questionBase,
  pairs: ItemList(ConnectPair),
})
export const ConnectAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.connect),
  /** Left side's key → the right side's key the student drew a line to. */
  matches: Schema.Record(ItemKey, ItemKey).check(
    Schema.isMaxProperties(questionLimits.maxItems, { validation: { key: 'itemsAtMost', values: { max: questionLimits.maxItems } } }),
  ),
})
