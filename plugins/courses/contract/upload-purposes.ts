import { specFileRules, type FileCount, type UploadPurpose } from '../../../contracts/attachments.ts'

/** A course's attachments: at least one, at most 20 (02-supplementary §9). */
export const courseAttachmentCount = { minFiles: 1, maxFiles: 20 } as const satisfies FileCount

/**
 * A course attachment: the spec's files (contracts/attachments.ts). An upload joins its course only
 * when the course is saved; until then it waits, at most as many per teacher as a course can list.
 */
export const courseAttachmentPurpose = {
  id: 'courseAttachment',
  ...specFileRules,
  pending: { max: courseAttachmentCount.maxFiles, keyedBy: [] },
} as const satisfies UploadPurpose
