import { createContext, useContext } from 'react'
import type { MessageId } from '../../i18n/message-ids.ts'
import { QuestionType, type QuestionTypeCode } from '../../../contracts/questions/type-codes.ts'

/**
 * What every field of the question editor needs: its element id (`<form id>-questions.2.options.0.text`,
 * so the form helper can focus the first refused field) and its builder-rules message, already in
 * the user's language. Given once by the list editor, read by each field.
 */
export interface EditorFields {
  readonly idOf: (field: string) => string
  readonly errorOf: (field: string) => string | undefined
}

const EditorContext = createContext<EditorFields>({ idOf: (field) => field, errorOf: () => undefined })

export const EditorFieldsProvider = EditorContext.Provider
export const useEditorFields = (): EditorFields => useContext(EditorContext)

export const join = (path: string, field: string | number): string => (path === '' ? String(field) : `${path}.${field}`)

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
