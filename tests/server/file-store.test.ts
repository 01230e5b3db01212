import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import type { StartedServer } from '../../server/app.ts'
import { fileLinks } from '../../server/auth/file-links.ts'
import { diskFileStore, type FileStoreService } from '../../server/services/file-store.ts'
import { s3FileStore, s3PartBytes } from '../../server/services/s3-file-store.ts'
import { testDatabases } from './support/databases.ts'
import { type LocalS3, startLocalS3 } from './support/local-s3.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { pngOfSize } from './support/images.ts'

const read = async (stream: Readable) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

const local: { s3: LocalS3 | null } = { s3: null }
beforeAll(async () => {
  local.s3 = await startLocalS3()
})
afterAll(() => local.s3?.close())

const stores: Array<[string, () => FileStoreService]> = [
  ['the disk', () => diskFileStore(mkdtempSync(join(tmpdir(), 'fasl-files-')))],
  ['an S3-compatible store (s3rver)', () => s3FileStore(local.s3!.settings)],
]

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe.each(stores)('the file store on %s: put a stream, open a stream, delete', (_name, makeStore) => {
  let store: FileStoreService
  beforeAll(() => {
    store = makeStore()
  })

  it('keeps streamed bytes under their key, opens them as a stream, deletes them', async () => {
    async function* parts() {
      yield new Uint8Array([1, 2, 3])
      yield new Uint8Array([4, 5])
    }
    await store.put('homework/a.bin', parts())
    expect([...(await read((await store.open('homework/a.bin'))!))]).toEqual([1, 2, 3, 4, 5])
    await store.delete('homework/a.bin')
    expect(await store.open('homework/a.bin')).toBeNull()
    // Deleting what is not there is not an error (a retried delete).
    await store.delete('homework/a.bin')
  })

  it('keeps an empty file, replaces a file put again, and takes names with spaces and Arabic letters', async () => {
    await store.put('courses/empty.txt', new Uint8Array())
    expect((await read((await store.open('courses/empty.txt'))!)).byteLength).toBe(0)
    await store.put('courses/ملف الدرس 1.txt', new TextEncoder().encode('first'))
    await store.put('courses/ملف الدرس 1.txt', new TextEncoder().encode('second'))
    expect((await read((await store.open('courses/ملف الدرس 1.txt'))!)).toString()).toBe('second')
  })

  it('tells the size of a stored file (null when there is none) and opens one byte range of it', async () => {
    const bytes = new Uint8Array(1000).map((_, index) => index % 251)
    await store.put('homework/ranged.bin', bytes)
    expect(await store.size('homework/ranged.bin')).toBe(1000)
    expect(await store.size('homework/missing.bin')).toBeNull()
    expect([...(await read((await store.open('homework/ranged.bin', { start: 10, end: 19 }))!))]).toEqual([...bytes.slice(10, 20)])
    expect([...(await read((await store.open('homework/ranged.bin', { start: 999, end: 999 }))!))]).toEqual([bytes[999]])
    expect(await store.open('homework/missing.bin', { start: 0, end: 9 })).toBeNull()
  })

  it('streams a file of several parts (20 MB in 64 KB chunks) and reads back the same bytes', async () => {
    const chunk = 64 * 1024
    const total = 20 * 1024 * 1024
    const hash = createHash('sha256')
    async function* generated() {
      for (let sent = 0; sent < total; sent += chunk) {
        const bytes = new Uint8Array(chunk).map((_, i) => (sent + i) % 251)
        hash.update(bytes)
        yield bytes
      }
    }
    await store.put('courses/big.bin', generated())
    const back = await read((await store.open('courses/big.bin'))!)
    expect([back.byteLength, sha256(back)]).toEqual([total, hash.digest('hex')])
  }, 60_000)
})

describe('the disk file store keeps to its folder', () => {
  it('refuses keys that leave the store', async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), 'fasl-files-')))
    await expect(store.put('../outside.bin', new Uint8Array([1]))).rejects.toThrow(/outside the store/)
    await expect(store.open('../../etc/passwd')).rejects.toThrow(/outside the store/)
  })
})

describe('the S3 file store', () => {
  // s3rver checks the access key but does not recompute SigV4 signatures; aws4fetch's signing is checked by real stores.
  it('reports a refusal (an unknown access key) as an error naming the call, not as success', async () => {
    const store = s3FileStore({ ...local.s3!.settings, accessKeyId: 'NOT-A-KEY' })
    await expect(store.put('x.bin', new Uint8Array([1]))).rejects.toThrow(/S3 PUT x.bin answered 403/)
  })

  it('leaves nothing under the key when the stream of a multipart upload fails half way', async () => {
    const store = s3FileStore(local.s3!.settings)
    async function* failing() {
      yield new Uint8Array(s3PartBytes + 10)
      yield new Uint8Array(s3PartBytes)
      throw new Error('the upload was cancelled')
    }
    await expect(store.put('courses/broken.bin', failing())).rejects.toThrow(/cancelled/)
    expect(await store.open('courses/broken.bin')).toBeNull()
  })
})

describe.each(testDatabases)('with the S3_ settings, uploads are kept in the S3-compatible store, on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start({ s3: local.s3!.settings })
  })
  afterAll(() => server.close())

  it('a profile image lands in the bucket and is served from it', async () => {
    const token = (await signedIn(server.url, accounts.teacher)).accessToken
    const png = await pngOfSize(1024)
    const answer = await call<UserInfo>(server.url, 'POST', '/api/Account/UploadProfileImage', png, { token })
    const key = answer.body.responseData.image!.split('?')[0]!.slice('/files/'.length)
    const stored = await read((await s3FileStore(local.s3!.settings).open(key))!)
    const served = await fetch(server.url + answer.body.responseData.image!)
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(stored))
    // A valid link to a file the store does not hold: 404 (without a valid link: 403, profile-image.test.ts).
    expect((await fetch(server.url + fileLinks('test-secret-test-secret-test-secret').sign('/files/profile/none.png')!)).status).toBe(404)
  })
})
