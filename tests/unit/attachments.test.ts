import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { checkAttachment as checkByRules, checkAttachmentCount, imageSides, sniffAttachment, specFileRules } from '../../contracts/attachments.ts'
import { courseAttachmentCount, courseAttachmentPurpose } from '../../plugins/courses/contract/upload-purposes.ts'
import { checkAttachmentFile } from '../../workers/file-validation.ts'

// A course attachment's purpose: the spec's file rules.
const attachmentRules = courseAttachmentPurpose
const checkAttachment = (field: string, file: { readonly size: number }, head: Uint8Array) => checkByRules(field, file, head, courseAttachmentPurpose)

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)))
const image = async (width: number, height: number, format: 'png' | 'jpeg') =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#0f6f64' } })
      [format]()
      .toBuffer(),
  )
const keys = (check: { issues: ReadonlyArray<{ key: string }> }) => check.issues.map((issue) => issue.key)

describe('course attachments: the type from the bytes, the spec icon groups', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n'), 'doc'],
    ['docx', bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'), 'doc'],
    ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'doc'],
    ['avi', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video'],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'video'],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video'],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'photo'],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'photo'],
    ['mp3', bytes('ID3', [4, 0, 0]), 'audio'],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio'],
  ] as const)('reads a %s as %s', (extension, head, group) => {
    expect(sniffAttachment(head)).toEqual({ extension, group })
  })

  it.each([
    ['a GIF', bytes('GIF89a')],
    ['a ZIP that is not a Word file', bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml')],
    ['a Matroska file that is not WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['an executable', bytes('MZ', [0x90, 0])],
    ['plain text', bytes('hello')],
  ])('refuses %s', (_, head) => {
    expect(sniffAttachment(head)).toBeNull()
    expect(keys(checkAttachment('file', { size: head.length }, head))).toEqual(['fileTypeNotSupported'])
  })

  it('reads the sides of a PNG and of a JPEG', async () => {
    expect(imageSides(await image(640, 480, 'png'), 'png')).toEqual({ width: 640, height: 480 })
    expect(imageSides(await image(500, 900, 'jpeg'), 'jpg')).toEqual({ width: 500, height: 900 })
  })

  it('image sides must each be over 400 px: 401 passes, 400 does not', async () => {
    const ok = await image(401, 401, 'png')
    expect(keys(checkAttachment('file', { size: ok.length }, ok))).toEqual([])
    for (const [width, height] of [
      [400, 900],
      [900, 400],
    ] as const) {
      const small = await image(width, height, 'jpeg')
      expect(keys(checkAttachment('file', { size: small.length }, small))).toEqual(['imageSidesTooSmall'])
    }
  })

  it('an image under 10 MB passes and one of 10 MB does not; a video under 200 MB passes and one of 200 MB does not', async () => {
    const png = await image(640, 480, 'png')
    expect(keys(checkAttachment('file', { size: attachmentRules.maxBytes.photo - 1 }, png))).toEqual([])
    expect(keys(checkAttachment('file', { size: attachmentRules.maxBytes.photo }, png))).toEqual(['fileSizeExceeded'])
    const mp4 = bytes([0, 0, 0, 0x18], 'ftypisom')
    expect(keys(checkAttachment('file', { size: attachmentRules.maxBytes.video - 1 }, mp4))).toEqual([])
    expect(keys(checkAttachment('file', { size: attachmentRules.maxBytes.video }, mp4))).toEqual(['fileSizeExceeded'])
  })

  it('an empty file or a JPEG cut before its size are invalid files', () => {
    expect(keys(checkAttachment('file', { size: 0 }, new Uint8Array()))).toEqual(['invalidFiles'])
    const cut = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0])
    expect(keys(checkAttachment('file', { size: cut.length }, cut))).toEqual(['invalidFiles'])
  })

  it('a course needs 1 to 20 attachments', () => {
    expect(checkAttachmentCount('attachmentIds', 0, courseAttachmentCount).map((issue) => issue.key)).toEqual(['attachmentsRequired'])
    expect(checkAttachmentCount('attachmentIds', 1, courseAttachmentCount)).toEqual([])
    expect(checkAttachmentCount('attachmentIds', 20, courseAttachmentCount)).toEqual([])
    expect(checkAttachmentCount('attachmentIds', 21, courseAttachmentCount).map((issue) => issue.key)).toEqual(['tooManyFiles'])
  })

  it('the worker reads only the head of a file, whatever its name says', async () => {
    const png = await image(640, 480, 'png')
    const renamed = new Blob([bytes('GIF89a')], { type: 'image/png' })
    expect(keys(await checkAttachmentFile(renamed, 'file', specFileRules))).toEqual(['fileTypeNotSupported'])
    expect((await checkAttachmentFile(new Blob([png]), 'file', specFileRules)).sniffed).toEqual({ group: 'photo', extension: 'png' })
  })
})
