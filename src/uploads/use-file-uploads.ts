import { useEffect, useRef, useState } from 'react'
import { groupOfExtension, type AttachmentGroup, type FileRules } from '../../contracts/attachments.ts'
import { fileValidation } from '../../workers/file-validation.client.ts'
import { isApiProblem } from '../api/problem.ts'
import { wordIssue } from '../forms/issue-messages.ts'
import { useLocale } from '../i18n/intl.tsx'
import { UploadCancelled, type UploadHandle } from './upload-file.ts'

/** What a stored upload needs to be listed: its id, name, size and type group. */
export interface StoredUpload {
  readonly id: number
  readonly fileName: string
  readonly size: number
  readonly group: AttachmentGroup
}

/** One row of an upload list: a stored file, or a file on its way (or refused). */
export interface UploadEntry<T extends StoredUpload> {
  readonly key: string
  readonly fileName: string
  readonly size: number
  readonly group: AttachmentGroup | null
  readonly status: 'checking' | 'uploading' | 'done' | 'refused'
  /** 0 to 1 while uploading. */
  readonly progress: number
  readonly message?: string
  readonly stored?: T
  /** Listed before this form opened (a saved course, a kept answer). */
  readonly saved?: boolean
}

export interface FileUploadOptions<T extends StoredUpload> {
  /** Sends one file (src/uploads/upload-file.ts against the feature's upload call). */
  readonly upload: (file: File, onProgress: (fraction: number) => void) => UploadHandle<T>
  /** The rules the worker checks with: the upload purpose's (contracts/attachments.ts). */
  readonly rules: FileRules
  /** How many the list holds at most: more are refused before a byte is read. */
  readonly maxFiles: number
  /** A stored row taken off the list (e.g. to delete an unsaved upload on the server). */
  readonly onRemoved?: (entry: UploadEntry<T>) => void
  /** The stored ids changed (a file finished uploading, or was removed). */
  readonly onIds?: (ids: ReadonlyArray<number>) => void
}

const extensionOf = (name: string) => name.split('.').pop() ?? ''
let nextKey = 0

/**
 * A list of uploads, whatever they are for. Each chosen file is
 * checked in the file-validation worker (type by its bytes, image sides, size; the server's own
 * rules), then uploaded at once with progress, one request per file. Beyond `maxFiles` the extra
 * ones are refused with "too many files" before any byte is read. A cancelled upload leaves no row;
 * a refused one stays with its message, and the others go on.
 */
export function useFileUploads<T extends StoredUpload>(initial: ReadonlyArray<T>, options: FileUploadOptions<T>) {
  const locale = useLocale()
  const { maxFiles } = options
  const [entries, setEntries] = useState<ReadonlyArray<UploadEntry<T>>>(() =>
    initial.map((stored) => ({
      key: `saved-${stored.id}`,
      fileName: stored.fileName,
      size: stored.size,
      group: stored.group,
      status: 'done',
      progress: 1,
      stored,
      saved: true,
    })),
  )
  const cancels = useRef(new Map<string, () => void>())
  const entriesRef = useRef(entries)
  entriesRef.current = entries
  const optionsRef = useRef(options)
  optionsRef.current = options
  const update = (key: string, change: Partial<UploadEntry<T>>) =>
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)))
  const drop = (key: string) => setEntries((all) => all.filter((entry) => entry.key !== key))

  // Leaving the page cancels what is still going up.
  useEffect(() => () => cancels.current.forEach((cancel) => cancel()), [])

  const ids = entries.flatMap((entry) => (entry.status === 'done' && entry.stored ? [entry.stored.id] : []))
  const idsKey = ids.join(',')
  const reportedIds = useRef(idsKey)
  useEffect(() => {
    if (idsKey === reportedIds.current) return
    reportedIds.current = idsKey
    optionsRef.current.onIds?.(idsKey === '' ? [] : idsKey.split(',').map(Number))
  }, [idsKey])

  const start = async (key: string, file: File) => {
    const check = await fileValidation().checkAttachmentFile(file, 'file', optionsRef.current.rules)
    if (check.issues.length > 0)
      return update(key, { status: 'refused', group: check.sniffed?.group ?? null, message: await wordIssue(check.issues[0]!, locale) })
    update(key, { status: 'uploading', group: check.sniffed?.group ?? null })
    const upload = optionsRef.current.upload(file, (progress) => update(key, { progress }))
    cancels.current.set(key, upload.cancel)
    try {
      const stored = await upload.done
      update(key, { status: 'done', progress: 1, stored, group: stored.group })
    } catch (error) {
      if (error instanceof UploadCancelled) return drop(key)
      // A refused name (bidirectional controls, 105 on FileName) says why, as a refused file does.
      update(key, { status: 'refused', message: isApiProblem(error) ? (error.fields.file ?? error.fields.FileName ?? error.message) : String(error) })
    } finally {
      cancels.current.delete(key)
    }
  }

  const add = (files: ReadonlyArray<File>) => {
    // Counted from the rows as last drawn plus those added since (two drops before a render).
    let room = maxFiles - entriesRef.current.filter((entry) => entry.status !== 'refused').length
    const toStart: Array<[string, File]> = []
    const added = files.map((file): UploadEntry<T> => {
      const key = `new-${nextKey++}`
      const base = { key, fileName: file.name, size: file.size, group: groupOfExtension(extensionOf(file.name)), progress: 0 }
      if (room <= 0) {
        void wordIssue({ field: 'file', key: 'tooManyFiles', values: { max: maxFiles } }, locale).then((message) => update(key, { message }))
        return { ...base, status: 'refused', message: '' }
      }
      room -= 1
      toStart.push([key, file])
      return { ...base, status: 'checking' }
    })
    entriesRef.current = [...entriesRef.current, ...added]
    setEntries((all) => [...all, ...added])
    for (const [key, file] of toStart) void start(key, file)
  }

  const cancel = (key: string) => cancels.current.get(key)?.()

  /** Off the list (a refused row is only dismissed). */
  const remove = (key: string) => {
    const entry = entriesRef.current.find((candidate) => candidate.key === key)
    drop(key)
    if (entry?.stored !== undefined) optionsRef.current.onRemoved?.(entry)
  }

  const busy = entries.some((entry) => entry.status === 'checking' || entry.status === 'uploading')
  return { entries, ids, busy, add, cancel, remove }
}
