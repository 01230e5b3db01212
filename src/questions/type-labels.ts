import { QuestionType, type QuestionTypeCode } from '../../contracts/questions/type-codes.ts'
import type { MessageId } from '../i18n/message-ids.ts'

/** Each question type's name, as the editor's picker, the renderer and the class overview show it. */
export const typeLabels: Readonly<Record<QuestionTypeCode, MessageId>> = {
  [QuestionType.multipleChoice]: 'questions.type.multipleChoice',
  [QuestionType.singleChoice]: 'questions.type.singleChoice',
  [QuestionType.trueFalse]: 'questions.type.trueFalse',
  [QuestionType.paragraph]: 'questions.type.paragraph',
  [QuestionType.smallParagraph]: 'questions.type.smallParagraph',
  [QuestionType.rearrange]: 'questions.type.rearrange',
  [QuestionType.complete]: 'questions.type.complete',
  [QuestionType.connect]: 'questions.type.connect',
  [QuestionType.fileUpload]: 'questions.type.fileUpload',
  [QuestionType.audioRecording]: 'questions.type.audioRecording',
}
