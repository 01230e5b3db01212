import { createHash } from 'node:crypto'
import type { Queryable } from '../../../server/db/db.ts'
import type { FileStoreService } from '../../../server/services/file-store.ts'

/**
 * The demo students' photos: small symmetric 5×5 patterns (as identicons), drawn from a hash of
 * the file's key, so the same key always gives the same picture and nothing is shipped in the repo.
 * The seed writes only the keys into `students.photo` (the database template the tests share has
 * no files); `ensureDemoPhotos` writes any missing file into the FileStore at start.
 */
export const demoPhotoPath = (studentNumber: number) => `/files/students/demo-${studentNumber + 1}.svg`

export const avatarSvg = (key: string): string => {
  const hash = createHash('sha256').update(key).digest()
  const hue = Math.round((hash[0]! / 256) * 360)
  const cells: string[] = []
  for (let row = 0; row < 5; row++)
    for (let column = 0; column < 3; column++)
      if ((hash[1 + row * 3 + column]! & 1) === 1) for (const x of new Set([column, 4 - column])) cells.push(`M${x + 1} ${row + 1}h1v1h-1z`)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" width="112" height="112" shape-rendering="crispEdges"><rect width="7" height="7" fill="hsl(${hue} 45% 92%)"/><path fill="hsl(${hue} 55% 40%)" d="${cells.join('')}"/></svg>`
}

/** Writes the photo of every demo student whose file is not in the store yet (a new data folder, a test's own store). */
export const ensureDemoPhotos = async (db: Queryable, store: FileStoreService): Promise<number> => {
  // Not for a caller: every school's demo photos, at start.
  const rows = await db.query<{ photo: string }>(`SELECT DISTINCT photo FROM students WHERE photo LIKE '/files/students/demo-%' ORDER BY photo`)
  let written = 0
  for (const { photo } of rows) {
    const key = photo.slice('/files/'.length)
    const existing = await store.open(key)
    if (existing !== null) {
      existing.destroy()
      continue
    }
    await store.put(key, new TextEncoder().encode(avatarSvg(key)))
    written++
  }
  return written
}
