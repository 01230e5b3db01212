import { Schema } from 'effect'
import { MultipleChoiceAnswer, MultipleChoiceQuestion, SingleChoiceAnswer, SingleChoiceQuestion, TrueFalseAnswer, TrueFalseQuestion } from './choice.ts'
import { CompleteAnswer, CompleteQuestion } from './complete.ts'
import { ConnectAnswer, ConnectQuestion } from './connect.ts'
import { ItemKey } from './parts.ts'
import { RearrangeAnswer, RearrangeQuestion } from './rearrange.ts'
import { AudioRecordingAnswer, AudioRecordingQuestion, FileUploadAnswer, FileUploadQuestion } from './recorded.ts'
import { ParagraphAnswer, ParagraphQuestion, SmallParagraphAnswer, SmallParagraphQuestion } from './written.ts'

/**
 * Every question as the teacher builds it, and every answer a student gives, as unions tagged by
 * the numeric `type` code (type-codes.ts) the API keeps.
 */
export const Question = Schema.Union([
  MultipleChoiceQuestion,
  SingleChoiceQuestion,
  TrueFalseQuestion,
  ParagraphQuestion,
  SmallParagraphQuestion,
  RearrangeQuestion,
  CompleteQuestion,
  ConnectQuestion,
  FileUploadQuestion,
  AudioRecordingQuestion,
])
export type Question = typeof Question.Type

export const Answer = Schema.Union([
  MultipleChoiceAnswer,
  SingleChoiceAnswer,
  TrueFalseAnswer,
  ParagraphAnswer,
  SmallParagraphAnswer,
  RearrangeAnswer,
  CompleteAnswer,
  ConnectAnswer,
  FileUploadAnswer,
  AudioRecordingAnswer,
])
export type Answer = typeof Answer.Type

/** A student's answers to a homework or exam, keyed by question key; a question left alone has none. */
export const Submission = Schema.Record(ItemKey, Answer)
export type Submission = typeof Submission.Type

/** The question and answer of one type code. */
export type QuestionOf<T extends Question['type']> = Extract<Question, { readonly type: T }>
export type AnswerOf<T extends Answer['type']> = Extract<Answer, { readonly type: T }>
