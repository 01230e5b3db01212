import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import type { StartedServer } from '../../server/app.ts'
import { fileLinks } from '../../server/auth/file-links.ts'
import { diskFileStore, type FileStoreService } from '../../server/services/file-store.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { pngOfSize } from './support/images.ts'

const read = async (stream: Readable) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

describe('the disk file store: put a stream, open a stream, delete', () => {
  const root = mkdtempSync(join(tmpdir(), 'fasl-files-'))
  const store = diskFileStore(root)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('keeps streamed bytes under their key, opens them as a stream, deletes them', async () => {
    async function* parts() {
      yield new Uint8Array([1, 2, 3])
      yield new Uint8Array([4, 5])
    }
    await store.put('homework/a.bin', parts())
    expect([...(await read((await store.open('homework/a.bin'))!))]).toEqual([1, 2, 3, 4, 5])
    await store.delete('homework/a.bin')
    expect(await store.open('homework/a.bin')).toBeNull()
  })

  it('refuses keys that leave the store', async () => {
    await expect(store.put('../outside.bin', new Uint8Array([1]))).rejects.toThrow(/outside the store/)
    await expect(store.open('../../etc/passwd')).rejects.toThrow(/outside the store/)
  })
})

describe.each(testDatabases)('uploads go through the FileStore service, which a test swaps, on $name', (database) => {
  let server: StartedServer
  const kept = new Map<string, Uint8Array>()
  const memoryStore: FileStoreService = {
    put: async (key, content) => {
      const chunks: Uint8Array[] = []
      for await (const chunk of content instanceof Uint8Array ? [content] : content) chunks.push(chunk)
      kept.set(key, Buffer.concat(chunks))
    },
    open: async (key) => (kept.has(key) ? Readable.from([kept.get(key)!]) : null),
    delete: async (key) => void kept.delete(key),
  }
  beforeAll(async () => {
    server = await database.start({}, { fileStore: memoryStore })
  })
  afterAll(() => server.close())

  it('a profile image lands in the swapped store and is served from it', async () => {
    const token = (await signedIn(server.url, accounts.teacher)).accessToken
    const png = await pngOfSize(1024)
    const answer = await call<UserInfo>(server.url, 'POST', '/api/Account/UploadProfileImage', png, { token })
    const image = answer.body.responseData.image!
    const stored = kept.get(image.split('?')[0]!.slice('/files/'.length))
    expect(stored).toBeDefined()
    const served = await fetch(server.url + image)
    expect([served.status, served.headers.get('content-type'), (await served.arrayBuffer()).byteLength]).toEqual([200, 'image/png', stored!.byteLength])
    // A valid link to a file the store does not hold: 404 (without a valid link: 403, profile-image.test.ts).
    expect((await fetch(server.url + fileLinks('test-secret-test-secret-test-secret').sign('/files/profile/none.png')!)).status).toBe(404)
  })
})
