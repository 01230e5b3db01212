import { Schema } from 'effect'
import { MultilineText } from '../fields.ts'
import { questionLimits } from './limits.ts'
import { GapMatching } from './normalise.ts'
import { atMostItems, boundedText, ItemKey, ItemText, questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Complete, or fill the gaps (7): a text with gaps. Each gap lists the answers it accepts (the first
 * is the one shown when reviewing; the rest are accepted alternatives). A student's text matches
 * after the question's normalisation (normalise.ts), whose switches the teacher sets.
 */
export const TextSegment = Schema.Struct({
  kind: Schema.Literal('text'),
  text: boundedText(MultilineText, questionLimits.segmentMaxLength),
})
export const GapSegment = Schema.Struct({
  kind: Schema.Literal('gap'),
  id: ItemKey,
  answers: Schema.Array(ItemText).check(atMostItems(questionLimits.maxAlternatives)),
})
export type GapSegment = typeof GapSegment.Type

export const CompleteQuestion = Schema.Struct({
  type: Schema.Literal(QuestionType.complete),
  ...questionBase,
  body: Schema.Array(Schema.Union([TextSegment, GapSegment])).check(atMostItems(2 * questionLimits.maxGaps + 1)),
  matching: GapMatching,
})
export const CompleteAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.complete),
  /** Gap key → what the student wrote in it. */
  gaps: Schema.Record(ItemKey, ItemText).check(
    Schema.isMaxProperties(questionLimits.maxGaps, { validation: { key: 'itemsAtMost', values: { max: questionLimits.maxGaps } } }),
  ),
})

export const gapsOf = (question: { readonly body: ReadonlyArray<typeof TextSegment.Type | GapSegment> }): ReadonlyArray<GapSegment> =>
  question.body.filter((segment): segment is GapSegment => segment.kind === 'gap')
