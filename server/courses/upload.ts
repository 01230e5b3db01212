import { randomBytes } from 'node:crypto'
import { attachmentRules, checkAttachmentHead, checkAttachmentSize, type SniffedFile } from '../../contracts/attachments.ts'
import type { Issue } from '../../contracts/validation.ts'
import type { FileStoreService } from '../services/file-store.ts'

export interface StoredUpload {
  readonly _tag: 'stored'
  readonly key: string
  readonly sniffed: SniffedFile
  readonly size: number
  readonly width: number | null
  readonly height: number | null
}

export interface RefusedUpload {
  readonly _tag: 'refused'
  readonly issues: ReadonlyArray<Issue>
}

class OverLimit extends Error {}

const concat = (chunks: ReadonlyArray<Uint8Array>, length: number) => {
  const bytes = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

/**
 * Streams one upload into the store under `courses/<school>/<random>.<type>`. Only the first
 * `headBytes` (512 KB) are held, to read the type and an image's sides; the rest passes through
 * chunk by chunk with the store's back-pressure, counted as it goes: at the group's limit the
 * reading stops and the part written is deleted. Nothing is stored for a refused file.
 */
export const storeUpload = async (store: FileStoreService, body: ReadableStream<Uint8Array>, schoolId: number): Promise<StoredUpload | RefusedUpload> => {
  const reader = body.getReader()
  const refuse = async (issues: ReadonlyArray<Issue>): Promise<RefusedUpload> => {
    await reader.cancel().catch(() => undefined)
    return { _tag: 'refused', issues }
  }
  const chunks: Uint8Array[] = []
  let size = 0
  let ended = false
  while (size < attachmentRules.headBytes) {
    const next = await reader.read()
    if (next.done) {
      ended = true
      break
    }
    chunks.push(next.value)
    size += next.value.length
  }
  if (size === 0) return refuse([{ field: 'file', key: 'invalidFiles' }])
  const head = concat(chunks, size)
  chunks.length = 0
  const checked = checkAttachmentHead('file', head.subarray(0, attachmentRules.headBytes))
  if (checked.issues.length > 0 || checked.sniffed === null) return refuse(checked.issues)
  const { sniffed } = checked
  const limit = attachmentRules.maxBytes[sniffed.group]
  if (size >= limit) return refuse(checkAttachmentSize('file', sniffed.group, size))

  const key = `courses/${schoolId}/${randomBytes(16).toString('hex')}.${sniffed.extension}`
  async function* content() {
    yield head
    if (ended) return
    for (;;) {
      const next = await reader.read()
      if (next.done) return
      size += next.value.length
      if (size >= limit) throw new OverLimit()
      yield next.value
    }
  }
  try {
    await store.put(key, content())
  } catch (error) {
    await store.delete(key).catch(() => undefined)
    // Over the limit: the file's fault. A body cut short (the upload cancelled, the network gone): not a whole file.
    return refuse(error instanceof OverLimit ? checkAttachmentSize('file', sniffed.group, size) : [{ field: 'file', key: 'invalidFiles' }])
  }
  return { _tag: 'stored', key, sniffed, size, width: checked.width ?? null, height: checked.height ?? null }
}
