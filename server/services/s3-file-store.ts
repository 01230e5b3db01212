import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import type { FileStoreService } from './file-store.ts'

/** Where an S3-compatible store is (S3_* settings; see the README's Configuration). */
export interface S3Settings {
  /** e.g. `https://s3.eu-central-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`. */
  readonly endpoint: string
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  /** `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted stores) instead of `<bucket>.<endpoint host>/<key>`. */
  readonly forcePathStyle: boolean
}

/**
 * Parts of a streamed upload. S3 wants each part but the last to be at least 5 MiB; one part is
 * what the upload holds in memory at a time, so a 200 MB file costs 8 MiB of memory, not 200.
 */
export const s3PartBytes = 8 * 1024 * 1024

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

const refuse = async (what: string, answer: Response): Promise<never> => {
  const detail = (await answer.text().catch(() => '')).slice(0, 300)
  throw new Error(`S3 ${what} answered ${answer.status}: ${detail}`)
}

/** Bytes of an upload, gathered into parts of `s3PartBytes` (the last may be shorter). */
async function* partsOf(content: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  if (content instanceof Uint8Array) {
    for (let start = 0; start < content.byteLength || start === 0; start += s3PartBytes) yield content.subarray(start, start + s3PartBytes)
    return
  }
  let part = new Uint8Array(s3PartBytes)
  let filled = 0
  for await (const chunk of content) {
    let offset = 0
    while (offset < chunk.byteLength) {
      const taken = Math.min(chunk.byteLength - offset, s3PartBytes - filled)
      part.set(chunk.subarray(offset, offset + taken), filled)
      filled += taken
      offset += taken
      if (filled === s3PartBytes) {
        yield part
        part = new Uint8Array(s3PartBytes)
        filled = 0
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled)
}

/**
 * The FileStore on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2…),
 * signed with SigV4 by aws4fetch over the runtime's fetch. A file of one part is one PUT; a longer
 * one is a multipart upload sent part by part, which is aborted if the stream fails, so a broken
 * upload leaves no half file under the key.
 */
export const s3FileStore = (settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStoreService => {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 0,
  })
  const endpoint = new URL(settings.endpoint)
  const base = settings.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`
  const urlOf = (key: string, query = '') => `${base}/${encodeKey(key)}${query}`
  const send = async (url: string, init: RequestInit = {}) => fetchImpl(await client.sign(url, init))

  const putWhole = async (key: string, bytes: Uint8Array) => {
    const answer = await send(urlOf(key), { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> })
    if (!answer.ok) await refuse(`PUT ${key}`, answer)
    await answer.body?.cancel()
  }

  const putInParts = async (key: string, first: Uint8Array, rest: AsyncIterator<Uint8Array>) => {
    const started = await send(urlOf(key, '?uploads'), { method: 'POST' })
    if (!started.ok) await refuse(`multipart start of ${key}`, started)
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await started.text())?.[1]
    if (uploadId === undefined) throw new Error(`S3 multipart start of ${key} gave no upload id`)
    const query = (extra: string) => `?${extra}uploadId=${encodeURIComponent(uploadId)}`
    const etags: string[] = []
    try {
      let part: Uint8Array | undefined = first
      while (part !== undefined) {
        const number = etags.length + 1
        const answer = await send(urlOf(key, query(`partNumber=${number}&`)), { method: 'PUT', body: part as Uint8Array<ArrayBuffer> })
        if (!answer.ok) await refuse(`part ${number} of ${key}`, answer)
        await answer.body?.cancel()
        etags.push(answer.headers.get('etag') ?? '')
        const next = await rest.next()
        part = next.done === true ? undefined : next.value
      }
      const manifest = etags
        .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</ETag></Part>`)
        .join('')
      const done = await send(urlOf(key, query('')), { method: 'POST', body: `<CompleteMultipartUpload>${manifest}</CompleteMultipartUpload>` })
      // S3 may answer 200 with an <Error> body when completing fails late.
      const text = await done.text()
      if (!done.ok || text.includes('<Error>')) throw new Error(`S3 multipart completion of ${key} answered ${done.status}: ${text.slice(0, 300)}`)
    } catch (error) {
      await send(urlOf(key, query('')), { method: 'DELETE' }).then(
        (answer) => answer.body?.cancel(),
        () => undefined,
      )
      throw error
    }
  }

  return {
    put: async (key, content) => {
      const parts = partsOf(content)
      const first = await parts.next()
      const firstPart = first.done === true ? new Uint8Array() : first.value
      if (firstPart.byteLength < s3PartBytes) return putWhole(key, firstPart)
      const second = await parts.next()
      if (second.done === true) return putWhole(key, firstPart)
      // Hand the second part back in front of the rest.
      let pending: Uint8Array | undefined = second.value
      const rest: AsyncIterator<Uint8Array> = {
        next: async () => {
          if (pending === undefined) return parts.next()
          const value = pending
          pending = undefined
          return { done: false, value }
        },
      }
      return putInParts(key, firstPart, rest)
    },
    open: async (key, range) => {
      const answer = await send(urlOf(key), range === undefined ? {} : { headers: { range: `bytes=${range.start}-${range.end}` } })
      if (answer.status === 404) {
        await answer.body?.cancel()
        return null
      }
      if (!answer.ok || answer.body === null) return refuse(`GET ${key}`, answer)
      return Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>)
    },
    size: async (key) => {
      const answer = await send(urlOf(key), { method: 'HEAD' })
      await answer.body?.cancel()
      if (answer.status === 404) return null
      if (!answer.ok) return refuse(`HEAD ${key}`, answer)
      return Number(answer.headers.get('content-length'))
    },
    delete: async (key) => {
      const answer = await send(urlOf(key), { method: 'DELETE' })
      if (!answer.ok && answer.status !== 404) await refuse(`DELETE ${key}`, answer)
      await answer.body?.cancel()
    },
  }
}
