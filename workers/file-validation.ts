import { checkAttachment, uploadHeadBytes, type AttachmentCheck, type FileRules } from '../contracts/attachments.ts'
import type { Issue } from '../contracts/validation.ts'
import { checkProfileImage, sniffImageType } from '../contracts/validation.ts'

/**
 * File checks run before an upload starts: the declared type and size, and the real type read from
 * the file's first bytes. Plain module: the worker exposes it, tests call it directly.
 */
export interface ImageCheck {
  readonly issues: ReadonlyArray<Issue>
  /** The type the bytes say, whatever the file name claims. */
  readonly sniffedType: 'image/jpeg' | 'image/png' | null
}

export const checkProfileImageFile = async (file: Blob, field = 'image'): Promise<ImageCheck> => {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  return { issues: checkProfileImage(field, { size: file.size, type: file.type }, head), sniffedType: sniffImageType(head) }
}

/**
 * A file before it is uploaded, by its upload purpose's rules: its type from its first bytes (and an image's sides from its header), then
 * its size, with the rules and messages the server applies (contracts/attachments.ts). Only the
 * head is read, so a 200 MB video costs 512 KB here.
 */
export const checkAttachmentFile = async (file: Blob, field: string, rules: FileRules): Promise<AttachmentCheck> => {
  const head = new Uint8Array(await file.slice(0, uploadHeadBytes).arrayBuffer())
  return checkAttachment(field, { size: file.size }, head, rules)
}
