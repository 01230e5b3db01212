import { Schema } from 'effect'
import { MultilineText } from '../fields.ts'
import { questionLimits } from './limits.ts'
import { boundedText, questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Written answers, graded by the teacher: paragraph (4) and small paragraph (5). The optional
 * model answer guides whoever corrects; it never reaches the student.
 */
const modelAnswer = Schema.optionalKey(boundedText(MultilineText, questionLimits.paragraphMaxLength))

export const ParagraphQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.paragraph), ...questionBase, modelAnswer })
export const ParagraphAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.paragraph),
  text: boundedText(MultilineText, questionLimits.paragraphMaxLength),
})

export const SmallParagraphQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.smallParagraph), ...questionBase, modelAnswer })
export const SmallParagraphAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.smallParagraph),
  text: boundedText(MultilineText, questionLimits.smallParagraphMaxLength),
})
