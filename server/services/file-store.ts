import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Context } from 'effect'
import type { ByteRange } from '../http/byte-ranges.ts'

/**
 * Where uploaded files live, by key ("profile/<user>-<random>.png"). Disk by default; an
 * S3-compatible store implements the same calls (PutObject, GetObject with its Range, HeadObject,
 * DeleteObject).
 */
export interface FileStoreService {
  /** Writes the bytes under `key`, streaming; replaces what was there. */
  readonly put: (key: string, content: AsyncIterable<Uint8Array> | Uint8Array) => Promise<void>
  /** The bytes under `key` (only `range`'s, when given) as a stream, or null when there is nothing. */
  readonly open: (key: string, range?: ByteRange) => Promise<Readable | null>
  /** How many bytes are stored under `key`, or null when there is nothing (a player seeking asks for parts of it). */
  readonly size: (key: string) => Promise<number | null>
  readonly delete: (key: string) => Promise<void>
}

export class FileStore extends Context.Service<FileStore, FileStoreService>()('fasl/FileStore') {}

/** Keys are relative paths without `..`; anything else is refused before it reaches the disk. */
const resolveKey = (root: string, key: string) => {
  const path = normalize(join(root, key))
  if (!path.startsWith(normalize(root) + sep)) throw new Error(`file key outside the store: ${key}`)
  return path
}

export const diskFileStore = (root: string): FileStoreService => ({
  put: async (key, content) => {
    const path = resolveKey(root, key)
    await mkdir(dirname(path), { recursive: true })
    await pipeline(content instanceof Uint8Array ? Readable.from([content]) : Readable.from(content), createWriteStream(path))
  },
  open: async (key, range) => {
    const path = resolveKey(root, key)
    const found = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    )
    return found ? createReadStream(path, range) : null
  },
  size: async (key) =>
    stat(resolveKey(root, key)).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    ),
  delete: async (key) => {
    await rm(resolveKey(root, key), { force: true })
  },
})
