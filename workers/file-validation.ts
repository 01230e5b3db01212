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
