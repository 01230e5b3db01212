import { Schema } from 'effect'
import { Id } from '../fields.ts'
import { questionLimits } from './limits.ts'
import { atMostItems, questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Answers made of stored files, graded by the teacher: file upload (9) and audio recording (10).
 * The answer names the uploaded files by their stored id; the upload itself is its own call.
 */
export const FileUploadQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.fileUpload), ...questionBase })
export const FileUploadAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.fileUpload),
  fileIds: Schema.Array(Id).check(atMostItems(questionLimits.maxFiles)),
})

export const AudioRecordingQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.audioRecording), ...questionBase })
export const AudioRecordingAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.audioRecording),
  recordingId: Schema.NullOr(Id),
})
