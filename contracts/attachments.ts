import { Schema } from 'effect'
import type { Issue } from './validation.ts'

/**
 * Uploaded files: which are taken, read from their bytes (never the name), and how big. The core
 * declares the mechanism, an upload purpose (`UploadPurpose`: the types and sizes it takes, how
 * many of one account's uploads nothing names yet it may hold and keyed by what); each feature
 * declares its own purposes in its folder and registers them on its server declaration
 * (server/uploads/upload-purposes.ts). One module for the browser's file-validation worker (before
 * the upload) and the server (while the bytes stream in), so both refuse the same files with the
 * same messages.
 */

/** The spec's file-type icon groups (01-teacher-side §9). */
export const attachmentGroups = {
  doc: ['pdf', 'docx', 'doc'],
  video: ['avi', 'mp4', 'mov', 'webm'],
  photo: ['jpg', 'jpeg', 'png'],
  audio: ['mp3'],
} as const

export type AttachmentGroup = keyof typeof attachmentGroups
export const AttachmentGroupSchema = Schema.Literals(Object.keys(attachmentGroups) as Array<AttachmentGroup>)
export type AttachmentExtension = (typeof attachmentGroups)[AttachmentGroup][number]

export const megabyte = 1024 * 1024

/** Bytes read to tell the type and an image's sides (a JPEG's size can follow 64 KB of EXIF and colour profiles). */
export const uploadHeadBytes = 512 * 1024

/** What a file of one purpose must be: the rules the worker and the server check it by. */
export interface FileRules {
  /** Its bytes are one of the groups' file types, or a browser's recording (WebM, Ogg or MP4 audio). */
  readonly reads: 'files' | 'recordings'
  /** The size a file of each group taken must stay under (a group not named here is not taken). */
  readonly maxBytes: Readonly<Partial<Record<AttachmentGroup, number>>>
  /** Images with a side of this many pixels or fewer are refused. */
  readonly minImageSide?: number
}

/**
 * The spec's rules for a file someone picks (01-teacher-side §9): every group; "image under 10 MB,
 * video under 200 MB", and as the spec names no other limit, the largest applies to the rest;
 * "image sides over 400 px": 401 and more.
 */
export const specFileRules = {
  reads: 'files',
  maxBytes: { photo: 10 * megabyte, video: 200 * megabyte, doc: 200 * megabyte, audio: 200 * megabyte },
  minImageSide: 400,
} as const satisfies FileRules

/**
 * Why a feature takes uploads: its files' rules, and how many of one account's uploads that nothing
 * of hers names yet (a form not saved, an answer not saved) it holds at most, counted per key.
 */
export interface UploadPurpose extends FileRules {
  /** Unique among the registered purposes (`courseAttachment`): the server finds it by this, and counts under it. */
  readonly id: string
  readonly pending: {
    readonly max: number
    /** What the count is kept per, beside the account (the parts of `key` an upload gives, in order): none = per account. */
    readonly keyedBy: ReadonlyArray<string>
  }
}

/** The biggest group's limit under these rules: a file of the rules has fewer bytes. */
export const largestBytesOf = (rules: FileRules): number => Math.max(...Object.values(rules.maxBytes))

export const mimeTypes: Readonly<Record<AttachmentExtension, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  avi: 'video/x-msvideo',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
}

/** A browser's recording (MediaRecorder): Chromium and Firefox write Opus in WebM (stored as `.weba`, so the file route serves it as audio) or Ogg, Safari AAC in MP4 (`.m4a`). */
export const recordingMimeTypes = { weba: 'audio/webm', ogg: 'audio/ogg', m4a: 'audio/mp4' } as const
export type RecordingExtension = keyof typeof recordingMimeTypes

export interface SniffedFile {
  readonly group: AttachmentGroup
  readonly extension: AttachmentExtension | RecordingExtension
}

const ascii = (bytes: Uint8Array, from: number, text: string) => [...text].every((character, i) => bytes[from + i] === character.charCodeAt(0))
const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>) => prefix.every((byte, i) => bytes[i] === byte)
const contains = (bytes: Uint8Array, text: string) => {
  const first = text.charCodeAt(0)
  for (let i = bytes.indexOf(first); i !== -1 && i + text.length <= bytes.length; i = bytes.indexOf(first, i + 1)) if (ascii(bytes, i, text)) return true
  return false
}

/**
 * The file's type from its first bytes (magic numbers), or null when it is none of the groups'.
 * A DOCX is a ZIP holding `word/…` entries; a DOC is an OLE2 compound file; MOV and MP4 are ISO
 * media files told apart by their `ftyp` brand.
 */
export const sniffAttachment = (head: Uint8Array): SniffedFile | null => {
  if (ascii(head, 0, '%PDF-')) return { group: 'doc', extension: 'pdf' }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return contains(head, 'word/') ? { group: 'doc', extension: 'docx' } : null
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { group: 'doc', extension: 'doc' }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { group: 'video', extension: 'avi' }
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? { group: 'video', extension: 'mov' } : { group: 'video', extension: 'mp4' }
  if (['moov', 'mdat', 'wide'].some((atom) => ascii(head, 4, atom))) return { group: 'video', extension: 'mov' }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return contains(head.subarray(0, 64), 'webm') ? { group: 'video', extension: 'webm' } : null
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { group: 'photo', extension: 'jpg' }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { group: 'photo', extension: 'png' }
  if (ascii(head, 0, 'ID3')) return { group: 'audio', extension: 'mp3' }
  // An MPEG audio frame header: 11 sync bits, then layer III.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && ((head[1]! >> 1) & 0x03) === 0x01) return { group: 'audio', extension: 'mp3' }
  return null
}

/** A browser's recording from its first bytes: WebM (EBML with the `webm` doc type), Ogg, or MP4 audio. */
export const sniffRecording = (head: Uint8Array): SniffedFile | null => {
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return contains(head.subarray(0, 64), 'webm') ? { group: 'audio', extension: 'weba' } : null
  if (ascii(head, 0, 'OggS')) return { group: 'audio', extension: 'ogg' }
  if (ascii(head, 4, 'ftyp')) return { group: 'audio', extension: 'm4a' }
  return null
}

/** Width and height of a PNG (its IHDR) or a JPEG (its first start-of-frame), or null when the head does not hold them. */
export const imageSides = (head: Uint8Array, extension: SniffedFile['extension']): { width: number; height: number } | null => {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  if (extension === 'png') return head.length >= 24 && ascii(head, 12, 'IHDR') ? { width: view.getUint32(16), height: view.getUint32(20) } : null
  if (extension !== 'jpg' && extension !== 'jpeg') return null
  let at = 2
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return null
    const marker = head[at + 1]!
    if (marker === 0xff) {
      at += 1
      continue
    }
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    at += 2 + view.getUint16(at + 2)
  }
  return null
}

export interface AttachmentCheck {
  readonly issues: ReadonlyArray<Issue>
  readonly sniffed: SniffedFile | null
  readonly width?: number
  readonly height?: number
}

const issue = (field: string, key: Issue['key'], values?: Issue['values']): Issue => (values === undefined ? { field, key } : { field, key, values })

/** The type, from the bytes: a file outside the rules' groups (or, for recordings, not a recording) answers "file type not supported". */
export const checkAttachmentHead = (field: string, head: Uint8Array, rules: FileRules): AttachmentCheck => {
  const sniffed = rules.reads === 'recordings' ? sniffRecording(head) : sniffAttachment(head)
  const unsupported = rules.reads === 'recordings' ? 'recordingTypeNotSupported' : 'fileTypeNotSupported'
  if (sniffed === null || rules.maxBytes[sniffed.group] === undefined) return { issues: [issue(field, unsupported)], sniffed: null }
  if (sniffed.group !== 'photo' || rules.minImageSide === undefined) return { issues: [], sniffed }
  const sides = imageSides(head, sniffed.extension)
  if (sides === null) return { issues: [issue(field, 'invalidFiles')], sniffed }
  const small = sides.width <= rules.minImageSide || sides.height <= rules.minImageSide
  return { issues: small ? [issue(field, 'imageSidesTooSmall', { min: rules.minImageSide })] : [], sniffed, ...sides }
}

/** The most bytes (less one) a file of this group may have under the rules (0: the group is not taken). */
export const maxBytesOf = (rules: FileRules, group: AttachmentGroup): number => rules.maxBytes[group] ?? 0

/** "Under" the group's limit: a file of exactly the limit is refused. */
export const checkAttachmentSize = (field: string, group: AttachmentGroup, size: number, rules: FileRules): ReadonlyArray<Issue> =>
  size < maxBytesOf(rules, group) ? [] : [issue(field, 'fileSizeExceeded', { kind: group, max: maxBytesOf(rules, group) / megabyte })]

/** An empty file is not one of the kinds (it has no bytes to tell). */
export const checkAttachment = (field: string, file: { readonly size: number }, head: Uint8Array, rules: FileRules): AttachmentCheck => {
  if (file.size === 0) return { issues: [issue(field, 'invalidFiles')], sniffed: null }
  const byHead = checkAttachmentHead(field, head, rules)
  if (byHead.sniffed === null) return byHead
  const bySize = checkAttachmentSize(field, byHead.sniffed.group, file.size, rules)
  return bySize.length > 0 ? { ...byHead, issues: bySize } : byHead
}

/** How many files a list (a course's attachments) must name: at least `minFiles`, at most `maxFiles`. */
export interface FileCount {
  readonly minFiles: number
  readonly maxFiles: number
}

export const checkAttachmentCount = (field: string, count: number, rules: FileCount): ReadonlyArray<Issue> =>
  count < rules.minFiles ? [issue(field, 'attachmentsRequired')] : count > rules.maxFiles ? [issue(field, 'tooManyFiles', { max: rules.maxFiles })] : []

/** The icon group of a stored attachment's extension (for the list, which has no bytes). */
export const groupOfExtension = (extension: string): AttachmentGroup | null => {
  for (const [group, extensions] of Object.entries(attachmentGroups))
    if ((extensions as ReadonlyArray<string>).includes(extension.toLowerCase())) return group as AttachmentGroup
  return null
}
