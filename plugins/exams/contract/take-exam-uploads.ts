import { largestBytesOf, type UploadPurpose } from '../../../contracts/attachments.ts'
import { fileAnswerRules, recordedAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { questionLimits } from '../../../contracts/questions/limits.ts'

/**
 * Her files of one exam answer that no saved answer names yet, kept per attempt and question: at
 * most what an answer names (the homework answers' rule, plugins/homework/contract/upload-purposes.ts).
 */
const pendingPerAnswer = { max: questionLimits.maxFiles, keyedBy: ['attempt', 'question'] } as const

/** A student's file for a file-upload question of her exam: the spec's file rules. */
export const examFileAnswerPurpose = { id: 'examFileAnswer', ...fileAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose

/** A student's recording for an audio question of her exam. */
export const examRecordedAnswerPurpose = { id: 'examRecordedAnswer', ...recordedAnswerRules, pending: pendingPerAnswer } as const satisfies UploadPurpose

/** The upload call's body limit: the larger of the two (a file question's). */
export const largestExamAnswerBytes = Math.max(largestBytesOf(examFileAnswerPurpose), largestBytesOf(examRecordedAnswerPurpose))
