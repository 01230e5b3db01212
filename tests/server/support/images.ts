import sharp from 'sharp'

/** A real PNG (the server decodes and re-encodes uploads), padded with zero bytes to `size` when asked. */
export const pngOfSize = async (size?: number): Promise<Uint8Array> => {
  const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f6f64' } })
    .png()
    .toBuffer()
  if (size === undefined || size <= image.length) return new Uint8Array(image)
  const padded = new Uint8Array(size)
  padded.set(image)
  return padded
}

/** A phone photo as it leaves the camera: EXIF with the maker, the model and a GPS position. */
export const jpegWithGps = async (): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336633' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 0/1' },
      })
      .toBuffer(),
  )

/** The GPS IFD pointer (EXIF tag 0x8825) in either byte order. */
export const hasGpsTag = (exif: Uint8Array) => {
  for (let i = 0; i + 1 < exif.length; i++) if ((exif[i] === 0x88 && exif[i + 1] === 0x25) || (exif[i] === 0x25 && exif[i + 1] === 0x88)) return true
  return false
}
