import { describe, expect, it } from 'vitest'
import { fileAnswerRules, recordedAnswerRules } from '../../contracts/questions/answer-files.ts'
import { checkAttachmentFile, checkProfileImageFile } from '../../workers/file-validation.ts'

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const fiveMb = 5 * 1024 * 1024

const fileOf = (head: Uint8Array, size: number, type: string) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return new Blob([bytes], { type })
}

describe('profile image check', () => {
  it('accepts a PNG just under 5 MB', async () => {
    expect((await checkProfileImageFile(fileOf(png, fiveMb - 1, 'image/png'))).issues).toEqual([])
  })
  it('rejects an image of exactly 5 MB (must be under)', async () => {
    expect((await checkProfileImageFile(fileOf(png, fiveMb, 'image/png'))).issues.map((i) => i.key)).toEqual(['imageSize'])
  })
  it('accepts a JPEG', async () => {
    expect((await checkProfileImageFile(fileOf(jpeg, 1000, 'image/jpeg'))).sniffedType).toBe('image/jpeg')
  })
  it('rejects a GIF renamed as a PNG, by its bytes', async () => {
    const gif = new TextEncoder().encode('GIF89a')
    expect((await checkProfileImageFile(fileOf(gif, 1000, 'image/png'))).issues.map((i) => i.key)).toEqual(['imageType'])
  })
  it('rejects a type other than JPG or PNG', async () => {
    expect((await checkProfileImageFile(fileOf(png, 1000, 'image/webp'))).issues.map((i) => i.key)).toEqual(['imageType'])
  })
})

describe('file and audio answers (the same rules as the server, by content)', () => {
  const megabyte = 1024 * 1024
  const webm = new Uint8Array([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65,
    0x62, 0x6d,
  ])
  const pdf = new TextEncoder().encode('%PDF-1.4')
  it('takes a browser recording (WebM, Ogg) as audio just under 10 MB and refuses one of 10 MB', async () => {
    expect(await checkAttachmentFile(fileOf(webm, 10 * megabyte - 1, 'audio/webm'), 'file', recordedAnswerRules)).toMatchObject({
      issues: [],
      sniffed: { group: 'audio', extension: 'weba' },
    })
    expect((await checkAttachmentFile(fileOf(new TextEncoder().encode('OggS'), 1000, 'audio/ogg'), 'file', recordedAnswerRules)).sniffed).toEqual({
      group: 'audio',
      extension: 'ogg',
    })
    expect((await checkAttachmentFile(fileOf(webm, 10 * megabyte, 'audio/webm'), 'file', recordedAnswerRules)).issues.map((i) => i.key)).toEqual([
      'fileSizeExceeded',
    ])
  })
  it('refuses a PDF sent as a recording, and a GIF named .pdf as a file answer, by their bytes', async () => {
    expect((await checkAttachmentFile(fileOf(pdf, 1000, 'audio/webm'), 'file', recordedAnswerRules)).issues.map((i) => i.key)).toEqual([
      'recordingTypeNotSupported',
    ])
    expect(
      (await checkAttachmentFile(fileOf(new TextEncoder().encode('GIF89a'), 1000, 'application/pdf'), 'file', fileAnswerRules)).issues.map((i) => i.key),
    ).toEqual(['fileTypeNotSupported'])
    expect((await checkAttachmentFile(fileOf(pdf, 1000, 'application/pdf'), 'file', fileAnswerRules)).issues).toEqual([])
  })
})
