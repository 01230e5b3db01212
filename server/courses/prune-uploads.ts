import type { DbClient } from '../db/db.ts'
import type { FileStoreService } from '../services/file-store.ts'
import { acrossSchools } from '../services/tenancy.ts'

/** An upload no course lists is kept this long (a form left open overnight still saves). */
export const unlistedUploadHours = 24

/**
 * Housekeeping: uploads that no course listed within a day (a form abandoned, a retried upload)
 * are deleted, row then file. Every school's at once, as the outbox's retention does.
 */
export const pruneCourseUploads = async (db: DbClient, files: FileStoreService, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - unlistedUploadHours * 60 * 60 * 1000)
  const rows = await db.query<{ file_key: string }>(
    acrossSchools('course upload retention', 'DELETE FROM course_attachments WHERE course_id IS NULL AND created_at < $1 RETURNING file_key'),
    [cutoff.toISOString()],
  )
  await Promise.all(rows.map((row) => files.delete(row.file_key).catch((error: unknown) => console.error('deleting an unlisted upload failed:', String(error)))))
  return rows.length
}
