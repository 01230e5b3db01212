import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import type { StartedServer } from '../../../server/app.ts'
import { fileLinks } from '../../../server/auth/file-links.ts'
import { diskFileStore, type FileStoreService } from '../../../server/services/file-store.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn } from '../support/http.ts'
import { hasGpsTag, jpegWithGps, pngOfSize } from '../support/images.ts'
import { secondSchool, seedSecondSchool } from '../support/second-school.ts'

/** Uploaded profile images: re-encoded without metadata, the old one deleted, served inert. */
describe.each(testDatabases)('profile images on $name', (database) => {
  let server: StartedServer
  let filesDir: string
  let store: FileStoreService
  let token: string
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'fasl-files-'))
    store = diskFileStore(filesDir)
    server = await database.start({}, { fileStore: store })
    token = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(async () => {
    await server.close()
    rmSync(filesDir, { recursive: true, force: true })
  })

  const upload = (bytes: Uint8Array) => call<UserInfo>(server.url, 'POST', '/api/Account/UploadProfileImage', bytes, { token })
  const storedBytes = async (image: string) => {
    const stream = await store.open(image.split('?')[0]!.slice('/files/'.length))
    if (stream === null) return null
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return new Uint8Array(Buffer.concat(chunks))
  }

  it('a photo with EXIF GPS tags is stored re-encoded, with no EXIF (no location) left', async () => {
    const photo = await jpegWithGps()
    const before = await sharp(photo).metadata()
    expect(hasGpsTag(before.exif!)).toBe(true)
    const answer = await upload(photo)
    expect(answer.body.responseCode).toBe(200)
    const stored = (await storedBytes(answer.body.responseData.image!))!
    const after = await sharp(stored).metadata()
    expect(after.format).toBe('jpeg')
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(Buffer.from(stored).includes('PhoneMaker')).toBe(false)
    // Kept at most 512 px on its longer side.
    expect([after.width, after.height]).toEqual([512, 384])
  })

  it('saving a new image deletes the previous one from the FileStore', async () => {
    const first = (await upload(await pngOfSize())).body.responseData.image!
    expect(await storedBytes(first)).not.toBeNull()
    const second = await upload(await jpegWithGps())
    expect(second.body.responseCode).toBe(200)
    expect(await storedBytes(second.body.responseData.image!)).not.toBeNull()
    expect(await storedBytes(first)).toBeNull()
    expect((await fetch(server.url + first)).status).toBe(404)
  })

  it('bytes that only look like a PNG are refused (105), nothing stored', async () => {
    const fake = new Uint8Array(256)
    fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const answer = await upload(fake)
    expect(answer.body.validationList).toEqual([{ field: 'image', message: 'Only JPG or PNG images are accepted.' }])
  })

  it('a stored file is served with nosniff, an inline safe name, a sandboxing CSP and no shared caching', async () => {
    const image = (await upload(await pngOfSize())).body.responseData.image!
    const served = await fetch(server.url + image)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-disposition')).toBe('inline; filename="image.png"')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(served.headers.get('cache-control')).toMatch(/^private/)
  })

  it('a stored file is served only through the signed link handed to those allowed to see it', async () => {
    const image = (await upload(await pngOfSize())).body.responseData.image!
    const [path, query] = image.split('?') as [string, string]
    expect((await fetch(server.url + image)).status).toBe(200)
    // The sign-in answer carries the same signed link (the shell shows it before the profile loads).
    expect((await signedIn(server.url, accounts.teacher)).image).toBe(image)
    // Signed out, without the link: refused, whoever asks.
    expect((await fetch(server.url + path)).status).toBe(403)
    // Another school's teacher, signed in, asking for the path: refused too (the token does not open files).
    const other = await seedSecondSchool(server.db)
    const otherToken = (await signedIn(server.url, secondSchool.teacher)).accessToken
    expect(other.schoolId).not.toBe(undefined)
    expect((await fetch(server.url + path, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(403)
    // A forged or altered signature, the signature of another file, an expired link: refused.
    const params = new URLSearchParams(query)
    const forged = new URLSearchParams({ exp: params.get('exp')!, sig: `${params.get('sig')!.slice(0, -2)}AA` })
    expect((await fetch(`${server.url}${path}?${forged}`)).status).toBe(403)
    const later = new URLSearchParams({ exp: String(Number(params.get('exp')) + 12 * 3600), sig: params.get('sig')! })
    expect((await fetch(`${server.url}${path}?${later}`)).status).toBe(403)
    const otherImage = (await upload(await jpegWithGps())).body.responseData.image!
    expect((await fetch(`${server.url}${otherImage.split('?')[0]}?${query}`)).status).toBe(403)
    const links = fileLinks('test-secret-test-secret-test-secret')
    const expired = links.sign(path, Date.now() - 48 * 3600 * 1000)!
    expect(links.verify(path, expired.split('?')[1]!, Date.now() - 48 * 3600 * 1000)).toBe(true)
    expect((await fetch(server.url + expired)).status).toBe(403)
  })
})
