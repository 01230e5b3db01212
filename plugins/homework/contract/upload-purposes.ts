import type { UploadPurpose } from '../../../contracts/attachments.ts'
import { fileAnswerRules, recordedAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'

/** Her files of one answer that no saved answer names yet, kept per homework and question: at most what an answer names. */
const pendingPerAnswer = { max: questionLimits.maxFiles, keyedBy: ['homework', 'student', 'question'] } as const

/** A student's file for a file-upload question of her homework. */
export const fileAnswerPurpose = { id: 'fileAnswer', ...fileAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose

/** A student's recording for an audio question of her homework. */
export const recordedAnswerPurpose = { id: 'recordedAnswer', ...recordedAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose
