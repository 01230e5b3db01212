import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../contracts/entities.ts'
import type { StartedServer } from '../../server/app.ts'
import { diskFileStore, type FileStoreService } from '../../server/services/file-store.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { jpegWithGps } from './support/images.ts'

/** How long the test's file store takes to write a file: the slow work of an upload. */
const slowPutMs = 1500

/**
 * A call under an Idempotency-Key stores its answer in one transaction with its effect, but does its
 * slow work (image re-encoding, file writes) before that transaction begins: on PGlite an open
 * transaction stalls every other query of the server.
 */
describe.each(testDatabases)('an Idempotency-Key holds no transaction over slow work, on $name', (database) => {
  let server: StartedServer
  let filesDir: string
  let putStarted: () => void = () => undefined
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'fasl-files-'))
    const disk = diskFileStore(filesDir)
    const slow: FileStoreService = {
      ...disk,
      put: async (key, content) => {
        // The demo's own photos are written at start, at the disk's pace.
        if (!key.startsWith('profile/')) return disk.put(key, content)
        putStarted()
        await new Promise((resolve) => setTimeout(resolve, slowPutMs))
        return disk.put(key, content)
      },
    }
    server = await database.start({}, { fileStore: slow })
  })
  afterAll(async () => {
    await server.close()
    rmSync(filesDir, { recursive: true, force: true })
  })

  it('while a slow profile-image upload under a key is in flight, a plain read answers at once; the upload is stored once and replayed', async () => {
    const uploader = (await signedIn(server.url, accounts.teacher)).accessToken
    const reader = (await signedIn(server.url, accounts.teacher2)).accessToken
    const photo = await jpegWithGps()
    const writing = new Promise<void>((resolve) => (putStarted = resolve))
    let uploadedAt = 0
    const upload = call<UserInfo>(server.url, 'POST', '/api/Account/UploadProfileImage', photo, { token: uploader, idempotencyKey: 'slow-photo' }).then(
      (answer) => {
        uploadedAt = performance.now()
        return answer
      },
    )
    await writing
    const asked = performance.now()
    const read = await call(server.url, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', undefined, { token: reader })
    const readAt = performance.now()
    expect(read.status).toBe(200)
    // Before this fix the read waited for the whole upload (its transaction held PGlite's one connection).
    expect(uploadedAt).toBe(0)
    expect(readAt - asked).toBeLessThan(slowPutMs / 2)

    const first = await upload
    expect(first.body.responseCode).toBe(200)
    const again = await call<UserInfo>(server.url, 'POST', '/api/Account/UploadProfileImage', photo, { token: uploader, idempotencyKey: 'slow-photo' })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.responseData.image?.split('?')[0]).toBe(first.body.responseData.image?.split('?')[0])
    const [row] = await server.db.query<{ image: string; version: number }>('SELECT image, version FROM users WHERE email = $1', [accounts.teacher.email])
    expect(first.body.responseData.image?.startsWith(row!.image)).toBe(true)
  })
})
