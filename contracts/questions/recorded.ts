import { Schema } from 'effect'
import { Id } from '../fields.ts'
import { RecordingDuration } from './answer-files.ts'
import { questionLimits } from './limits.ts'
import { questionBase } from './parts.ts'
import { QuestionType } from './type-codes.ts'

/**
 * Answers made of stored files, graded by the teacher: file upload (9) and audio recording (10).
 * The answer names the uploaded files by their stored id; the upload itself is its own call
 * (Student/UploadAnswerFile), and the server takes only the same student's uploads for that
 * homework and question.
 */
export const FileUploadQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.fileUpload), ...questionBase })
export const FileUploadAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.fileUpload),
  // The spec's "too many files" (more than 20), the message the file-validation worker shows before the upload.
  fileIds: Schema.Array(Id).check(
    Schema.isMaxLength(questionLimits.maxFiles, { validation: { key: 'tooManyFiles', values: { max: questionLimits.maxFiles } } }),
  ),
})

export const AudioRecordingQuestion = Schema.Struct({ type: Schema.Literal(QuestionType.audioRecording), ...questionBase })
export const AudioRecordingAnswer = Schema.Struct({
  type: Schema.Literal(QuestionType.audioRecording),
  recordingId: Schema.NullOr(Id),
  /** Her recording's length, measured while she recorded; answers saved before it was kept have none. */
  durationSeconds: Schema.optionalKey(RecordingDuration),
})
