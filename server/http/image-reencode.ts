import sharp from 'sharp'

/**
 * Uploaded images are decoded and encoded again (sharp, libvips) before they are stored, so what
 * the server keeps and serves is pixels it wrote itself: no metadata (EXIF with a teacher's GPS
 * position, camera serials, XMP, comments — sharp keeps none unless asked), no trailing bytes or
 * polyglot payloads. The EXIF orientation is applied first, so a phone photo still stands upright.
 * Profile images are shown at most 80 px wide (160 px on dense screens); they are kept at 512 px.
 */
export const profileImageSide = 512
/** Decoding stops past this many pixels (a "decompression bomb" of a small file with a huge canvas). */
const maxInputPixels = 40_000_000

export type ReencodedImage = { readonly bytes: Uint8Array; readonly type: 'image/jpeg' | 'image/png' }

/** Null when the bytes are not an image sharp can decode (the caller answers "JPG or PNG"). */
export const reencodeProfileImage = async (bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): Promise<ReencodedImage | null> => {
  try {
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: profileImageSide, height: profileImageSide, fit: 'inside', withoutEnlargement: true })
    const output = type === 'image/png' ? image.png() : image.jpeg({ quality: 85, mozjpeg: true })
    return { bytes: new Uint8Array(await output.toBuffer()), type }
  } catch {
    return null
  }
}
