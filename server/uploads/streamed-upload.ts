import { Effect, Stream } from 'effect'
import { randomBytes } from 'node:crypto'
import { checkAttachmentHead, checkAttachmentSize, maxBytesOf, uploadHeadBytes, type FileRules, type SniffedFile } from '../../contracts/attachments.ts'
import type { Issue } from '../../contracts/validation.ts'
import { InvalidInput } from '../../contracts/failures.ts'
import { FileStore, type FileStoreService } from '../services/file-store.ts'

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

export interface UploadTarget {
  /** Where the file goes: `<folder>/<random>.<type>` (e.g. `courses/<school>`, `answers/<school>`). */
  readonly folder: string
  /** What the file must be (its upload purpose's rules, contracts/attachments.ts). */
  readonly rules: FileRules
}

/**
 * Streams one upload into the store under `<folder>/<random>.<type>`, whatever its purpose. Only
 * the first `uploadHeadBytes` (512 KB) are held, to read the type and an image's sides; the rest passes through chunk by chunk with the store's
 * back-pressure, counted as it goes: at the limit the reading stops and the part written is
 * deleted. Nothing is stored for a refused file.
 */
export const storeUpload = async (store: FileStoreService, body: ReadableStream<Uint8Array>, target: UploadTarget): Promise<StoredUpload | RefusedUpload> => {
  const reader = body.getReader()
  const refuse = async (issues: ReadonlyArray<Issue>): Promise<RefusedUpload> => {
    await reader.cancel().catch(() => undefined)
    return { _tag: 'refused', issues }
  }
  const chunks: Uint8Array[] = []
  let size = 0
  let ended = false
  while (size < uploadHeadBytes) {
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
  const checked = checkAttachmentHead('file', head.subarray(0, uploadHeadBytes), target.rules)
  if (checked.issues.length > 0 || checked.sniffed === null) return refuse(checked.issues)
  const { sniffed } = checked
  const limit = maxBytesOf(target.rules, sniffed.group)
  if (size >= limit) return refuse(checkAttachmentSize('file', sniffed.group, size, target.rules))

  const key = `${target.folder}/${randomBytes(16).toString('hex')}.${sniffed.extension}`
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
    return refuse(error instanceof OverLimit ? checkAttachmentSize('file', sniffed.group, size, target.rules) : [{ field: 'file', key: 'invalidFiles' }])
  }
  return { _tag: 'stored', key, sniffed, size, width: checked.width ?? null, height: checked.height ?? null }
}

/**
 * The handlers' side: the request body (an Effect stream) stored as `target`, or the refusal as
 * 105 naming `file` (worded at the edge).
 */
export const receiveUpload = (payload: Stream.Stream<Uint8Array, unknown>, target: UploadTarget) =>
  Effect.gen(function* () {
    const files = yield* FileStore
    const body = yield* Stream.toReadableStreamEffect(payload)
    const outcome = yield* Effect.promise(() => storeUpload(files, body, target))
    if (outcome._tag === 'refused') return yield* Effect.fail(new InvalidInput({ issues: outcome.issues }))
    return outcome
  })

/** Files go after their rows; a file that cannot be deleted is logged, never a failure of the call. */
export const deleteStoredFiles = (keys: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const files = yield* FileStore
    yield* Effect.promise(() =>
      Promise.all(keys.map((key) => files.delete(key).catch((error: unknown) => console.error('deleting a stored file failed:', String(error))))),
    )
  })
