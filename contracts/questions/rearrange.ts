import { Schema } from 'effect'
import { Item, ItemKey, ItemList, questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Re-arrange (6): the teacher lists the items in their right order; the student sees them shuffled
 * and answers the order they put them in, by key.
 */
export const RearrangeQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.rearrange),
  ...questionBase,
  items: ItemList(Item),
})
export const RearrangeAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.rearrange),
  order: ItemList(ItemKey),
})
