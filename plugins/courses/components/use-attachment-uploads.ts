import { useEffect, useRef, useState } from 'react'
import type { CourseAttachment } from '../../../contracts/api/courses.ts'
import { attachmentRules, groupOfExtension, type AttachmentGroup } from '../../../contracts/attachments.ts'
import { formatIssue } from '../../../contracts/validation-format.ts'
import { isApiProblem } from '../../../src/api/client.ts'
import { useLocale } from '../../../src/i18n/intl.tsx'
import { fileValidation } from '../../../workers/file-validation.client.ts'
import { deleteUpload } from '../api.ts'
import { uploadAttachment, UploadCancelled } from '../upload.ts'

/** One row of the form's attachment list: a stored attachment, or a file on its way (or refused). */
export interface AttachmentEntry {
  readonly key: string
  readonly fileName: string
  readonly size: number
  readonly group: AttachmentGroup | null
  readonly status: 'checking' | 'uploading' | 'done' | 'refused'
  /** 0 to 1 while uploading. */
  readonly progress: number
  readonly message?: string
  readonly attachment?: CourseAttachment
  /** Listed by the saved course (edit): removing it takes effect when the course is saved. */
  readonly saved?: boolean
}

const extensionOf = (name: string) => name.split('.').pop() ?? ''
let nextKey = 0

/**
 * The attachments of the course form. Each chosen file is checked in the file-validation worker
 * (type by its bytes, image sides, size; contracts/attachments.ts, the server's own rules), then
 * uploaded at once with progress, one request per file. Beyond 20 files the extra ones are refused
 * with "too many files" before any byte is read. A cancelled upload leaves no row; an upload taken
 * off the list before saving is deleted on the server.
 */
export function useAttachmentUploads(initial: ReadonlyArray<CourseAttachment>) {
  const locale = useLocale()
  const [entries, setEntries] = useState<ReadonlyArray<AttachmentEntry>>(() =>
    initial.map((attachment) => ({ key: `saved-${attachment.id}`, fileName: attachment.fileName, size: attachment.size, group: attachment.group, status: 'done', progress: 1, attachment, saved: true })),
  )
  const cancels = useRef(new Map<string, () => void>())
  const entriesRef = useRef(entries)
  entriesRef.current = entries
  const update = (key: string, change: Partial<AttachmentEntry>) => setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)))
  const drop = (key: string) => setEntries((all) => all.filter((entry) => entry.key !== key))

  // Leaving the page cancels what is still going up.
  useEffect(() => () => cancels.current.forEach((cancel) => cancel()), [])

  const start = async (key: string, file: File) => {
    const check = await fileValidation().checkAttachmentFile(file)
    if (check.issues.length > 0) return update(key, { status: 'refused', group: check.sniffed?.group ?? null, message: formatIssue(check.issues[0]!, locale) })
    update(key, { status: 'uploading', group: check.sniffed?.group ?? null })
    const upload = uploadAttachment(file, (progress) => update(key, { progress }))
    cancels.current.set(key, upload.cancel)
    try {
      const attachment = await upload.done
      update(key, { status: 'done', progress: 1, attachment, group: attachment.group })
    } catch (error) {
      if (error instanceof UploadCancelled) return drop(key)
      update(key, { status: 'refused', message: isApiProblem(error) ? (error.fields.file ?? error.message) : String(error) })
    } finally {
      cancels.current.delete(key)
    }
  }

  const add = (files: ReadonlyArray<File>) => {
    // Counted from the rows as last drawn plus those added since (two drops before a render).
    let room = attachmentRules.maxFiles - entriesRef.current.filter((entry) => entry.status !== 'refused').length
    const toStart: Array<[string, File]> = []
    const added = files.map((file): AttachmentEntry => {
      const key = `new-${nextKey++}`
      const base = { key, fileName: file.name, size: file.size, group: groupOfExtension(extensionOf(file.name)), progress: 0 }
      if (room <= 0) return { ...base, status: 'refused', message: formatIssue({ field: 'file', key: 'tooManyFiles', values: { max: attachmentRules.maxFiles } }, locale) }
      room -= 1
      toStart.push([key, file])
      return { ...base, status: 'checking' }
    })
    entriesRef.current = [...entriesRef.current, ...added]
    setEntries((all) => [...all, ...added])
    for (const [key, file] of toStart) void start(key, file)
  }

  const cancel = (key: string) => cancels.current.get(key)?.()

  /** Off the list; an unsaved upload is deleted on the server too (best effort: unlisted uploads expire anyway). */
  const remove = (key: string) => {
    const entry = entries.find((candidate) => candidate.key === key)
    drop(key)
    if (entry?.attachment !== undefined && entry.saved !== true) void deleteUpload(entry.attachment.id).catch(() => undefined)
  }

  const ids = entries.flatMap((entry) => (entry.status === 'done' && entry.attachment ? [entry.attachment.id] : []))
  const busy = entries.some((entry) => entry.status === 'checking' || entry.status === 'uploading')
  return { entries, ids, busy, add, cancel, remove }
}
