import { Schema } from 'effect'
import { MultilineText, Text, type ValidationAnnotation } from '../fields.ts'
import { degreeRule, isValidDegree, questionLimits } from './limits.ts'

/** The building blocks every question type's schema is made of. */

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

const atMost = (max: number) => Schema.isMaxLength(max, validation({ key: 'lengthAtMost', values: { max } }))

/**
 * The key of a question, an option, an item or a gap: made by the builder (a UUID or any short
 * token), so an answer names what it picked whatever order the student saw.
 */
export const ItemKey = Schema.String.annotate(validation({ key: 'malformed' })).check(
  Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/u, validation({ key: 'malformed' })),
)

/** A question's degree: 0.5 to 999.5 in halves (limits.ts). */
export const Degree = Schema.Number.annotate(validation({ key: 'degreeRule', values: degreeRule })).check(
  Schema.makeFilter<number>((value) => isValidDegree(value), validation({ key: 'degreeRule', values: degreeRule })),
)

/** The question's header: its text, several lines allowed. */
export const QuestionHeader = MultilineText.check(atMost(questionLimits.headerMaxLength))

/** An option, a re-arrange item, a connect side, an accepted gap answer: one line. */
export const ItemText = Text.check(atMost(questionLimits.itemMaxLength))

/** A short text with its key (a re-arrange item, one side of a connect pair). */
export const Item = Schema.Struct({ id: ItemKey, text: ItemText })
export type Item = typeof Item.Type

/** At most `max` entries in a list. */
export const atMostItems = (max: number) => Schema.isMaxLength(max, validation({ key: 'itemsAtMost', values: { max } }))

/** Options, items, pairs: at most 20 (the builder rules refuse a list shorter than 2). */
export const ItemList = <S extends Schema.Top>(item: S) => Schema.Array(item).check(atMostItems(questionLimits.maxItems))

/** What every question has, whatever its type. */
export const questionBase = { id: ItemKey, header: QuestionHeader, degree: Degree }

export const boundedText = (schema: typeof Text | typeof MultilineText, max: number) => schema.check(atMost(max))
