import { Schema } from 'effect'
import { noBidiControls } from '../../../contracts/bidi.ts'
import { Id, MultilineText, type ValidationAnnotation } from '../../../contracts/fields.ts'

const validation = (key: ValidationAnnotation['key'], values?: ValidationAnnotation['values']) => ({
  validation: values === undefined ? { key } : { key, values },
})

/** Not in the spec: the longest private comment, in characters (Classroom's are longer; a note between a student and her teacher, not an essay). */
export const privateCommentMax = 1000

/** A comment's text: not blank, at most 1000 characters once trimmed, no bidirectional controls; stored trimmed. */
export const PrivateCommentText = MultilineText.check(
  Schema.makeFilter<string>((value) => value.trim() !== '', validation('required')),
  Schema.makeFilter<string>((value) => [...value.trim()].length <= privateCommentMax, validation('lengthAtMost', { max: privateCommentMax })),
  noBidiControls,
)

/** One comment of the thread on a student's work, as either side reads it. */
export const PrivateComment = Schema.Struct({
  id: Id,
  /** The author's name in the caller's language. */
  authorName: Schema.String,
  /** Written by the student (else by a teacher of the class room). */
  fromStudent: Schema.Boolean,
  /** Written by the caller. */
  mine: Schema.Boolean,
  text: Schema.String,
  postedAt: Schema.String,
})
export type PrivateComment = typeof PrivateComment.Type

/** The thread on one student's work on one homework, oldest first; `version` is its newest comment's id (0 for none), so the newer of two reads is known. */
export const PrivateCommentThread = Schema.Struct({ homeworkId: Id, studentId: Id, version: Schema.Int, comments: Schema.Array(PrivateComment) })
export type PrivateCommentThread = typeof PrivateCommentThread.Type

/** The student posts on her own work. */
export const PostMyPrivateComment = Schema.Struct({ homeworkId: Id, text: PrivateCommentText })
export type PostMyPrivateComment = typeof PostMyPrivateComment.Type

/** A teacher posts on one student's work. */
export const PostPrivateComment = Schema.Struct({ homeworkId: Id, studentId: Id, text: PrivateCommentText })
export type PostPrivateComment = typeof PostPrivateComment.Type
