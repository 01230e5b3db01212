import { Schema } from 'effect'
import { MultipleChoiceQuestion, SingleChoiceQuestion, TrueFalseQuestion } from './choice.ts'
import { CompleteQuestion, TextSegment } from './complete.ts'
import { ConnectQuestion } from './connect.ts'
import { Item, ItemKey, ItemList } from './parts.ts'
import type { Question } from './question.ts'
import { RearrangeQuestion } from './rearrange.ts'
import { AudioRecordingQuestion, FileUploadQuestion } from './recorded.ts'
import { QuestionType } from './type-codes.ts'
import { ParagraphQuestion, SmallParagraphQuestion } from './written.ts'

/**
 * A question as a student sees it while answering: what is right is left out (correct options, the
 * true/false value, accepted gap answers, the model answer), re-arrange items and the right sides
 * of connect pairs are put in the order `arrange` gives. Only this shape is sent to a student before
 * the answers are published; the reviewing and correcting screens get the whole question.
 */
const { options: _choiceOptions, ...multipleFields } = MultipleChoiceQuestion.fields
const { options: _singleOptions, ...singleFields } = SingleChoiceQuestion.fields
const { correct: _statementValue, ...trueFalseFields } = TrueFalseQuestion.fields
const { modelAnswer: _paragraphModel, ...paragraphFields } = ParagraphQuestion.fields
const { modelAnswer: _smallModel, ...smallParagraphFields } = SmallParagraphQuestion.fields
const { body: _body, matching: _matching, ...completeFields } = CompleteQuestion.fields
const { pairs: _pairs, ...connectFields } = ConnectQuestion.fields

export const StudentQuestion = Schema.Union([
  Schema.Struct({ ...multipleFields, options: ItemList(Item) }),
  Schema.Struct({ ...singleFields, options: ItemList(Item) }),
  Schema.Struct(trueFalseFields),
  Schema.Struct(paragraphFields),
  Schema.Struct(smallParagraphFields),
  RearrangeQuestion,
  Schema.Struct({ ...completeFields, body: Schema.Array(Schema.Union([TextSegment, Schema.Struct({ kind: Schema.Literal('gap'), id: ItemKey })])) }),
  Schema.Struct({ ...connectFields, left: ItemList(Item), right: ItemList(Item) }),
  FileUploadQuestion,
  AudioRecordingQuestion,
])
export type StudentQuestion = typeof StudentQuestion.Type

const item = ({ id, text }: { readonly id: string; readonly text: string }) => ({ id, text })

/**
 * The order a student sees a question's re-arrange items or connect right sides in. For a student
 * it is the server's (plugins/homework/server/presentation-order.ts: keyed by a secret no client has, so
 * nothing she sees or computes gives it away); a client never works it out, it shows what was sent.
 */
export type ArrangeItems = (questionId: string, items: ReadonlyArray<Item>) => ReadonlyArray<Item>

export const toStudentView = (question: Question, arrange: ArrangeItems): StudentQuestion => {
  const { id, header, degree } = question
  switch (question.type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice:
      return { type: question.type, id, header, degree, options: question.options.map(item) }
    case QuestionType.trueFalse:
    case QuestionType.paragraph:
    case QuestionType.smallParagraph:
    case QuestionType.fileUpload:
    case QuestionType.audioRecording:
      return { type: question.type, id, header, degree }
    case QuestionType.rearrange:
      return { type: question.type, id, header, degree, items: arrange(id, question.items).map(item) }
    case QuestionType.complete:
      return {
        type: question.type,
        id,
        header,
        degree,
        body: question.body.map((segment) => (segment.kind === 'gap' ? { kind: 'gap' as const, id: segment.id } : segment)),
      }
    case QuestionType.connect:
      return {
        type: question.type,
        id,
        header,
        degree,
        left: question.pairs.map((pair) => item(pair.left)),
        right: arrange(
          id,
          question.pairs.map((pair) => pair.right),
        ).map(item),
      }
  }
}
