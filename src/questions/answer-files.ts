import { attachmentGroups, megabyte, type AttachmentGroup } from '../../contracts/attachments.ts'
import { fileAnswerRules } from '../../contracts/questions/answer-files.ts'
import { questionLimits } from '../../contracts/questions/limits.ts'

/**
 * What a student may hand in for a file-upload question: the spec's file rules
 * (contracts/questions/answer-files.ts: the type read from the bytes, images under 10 MB with both sides over
 * 400 px, anything else under 200 MB), checked in the file-validation worker before the upload and
 * by the server again; at most 20 files. This module only says them to people.
 */

export const answerFileRules = {
  maxFiles: questionLimits.maxFiles,
  photoMegabytes: fileAnswerRules.maxBytes.photo / megabyte,
  otherMegabytes: fileAnswerRules.maxBytes.doc / megabyte,
  minImageSide: fileAnswerRules.minImageSide,
} as const

/** The `accept` attribute of the file input: a hint for the picker only (the bytes decide). */
export const acceptedExtensions = Object.values(attachmentGroups)
  .flatMap((extensions) => extensions.map((extension) => `.${extension}`))
  .join(',')

/** The extensions of a group as shown to people: "PDF, DOCX, DOC". */
export const formatsOf = (group: AttachmentGroup): string => attachmentGroups[group].map((extension) => extension.toUpperCase()).join(', ')
/** Every accepted format, for a one-line hint. */
export const allFormats = (): string => (Object.keys(attachmentGroups) as AttachmentGroup[]).map(formatsOf).join(', ')
