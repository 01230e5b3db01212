import { describe, expect, it } from 'vitest'
import { checkProfileImageFile } from '../../workers/file-validation.ts'

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
