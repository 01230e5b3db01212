import { specFileRules, type UploadPurpose } from '../../../contracts/attachments.ts'
import { fileAnswerRules, recordedAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'
import { homeworkMaterialLimits } from './materials.ts'

/** Her files of one answer that no saved answer names yet, kept per homework and question: at most what an answer names. */
const pendingPerAnswer = { max: questionLimits.maxFiles, keyedBy: ['homework', 'student', 'question'] } as const

/** A student's file for a file-upload question of her homework. */
export const fileAnswerPurpose = { id: 'fileAnswer', ...fileAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose

/** A student's recording for an audio question of her homework. */
export const recordedAnswerPurpose = { id: 'recordedAnswer', ...recordedAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose

/**
 * A file of the homework itself (a worksheet, instructions): the spec's files (contracts/attachments.ts).
 * An upload joins its homework only when the homework is saved; until then it waits, at most as many
 * per teacher as a homework can list.
 */
export const homeworkAttachmentPurpose = {
  id: 'homeworkAttachment',
  ...specFileRules,
  pending: { max: homeworkMaterialLimits.maxFiles, keyedBy: [] },
} as const satisfies UploadPurpose
