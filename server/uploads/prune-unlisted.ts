import type { DbClient } from '../db/db.ts'
import type { FileStoreService } from '../services/file-store.ts'
import { acrossSchools } from '../services/tenancy.ts'

/** An upload nothing lists is kept this long (a form left open overnight still saves). */
export const unlistedUploadHours = 24

/** A file answer no saved answer of its student names (by id, in `fileIds` or as `recordingId`): one of her pending uploads (upload-limits.ts). */
export const unnamedAnswerFile = `NOT EXISTS (
  SELECT 1 FROM homework_submissions x
   WHERE x.homework_id = f.homework_id AND x.student_id = f.student_id
     AND (COALESCE(x.answers -> f.question_id -> 'fileIds', '[]'::jsonb) @> to_jsonb(f.id)
          OR x.answers -> f.question_id -> 'recordingId' = to_jsonb(f.id)))`

/**
 * Housekeeping: uploads that nothing listed within a day (a course form abandoned, a retried
 * upload, a file answer taken off or recorded again) are deleted, row then file. Every school's at
 * once, as the outbox's retention does.
 */
export const pruneUnlistedUploads = async (db: DbClient, files: FileStoreService, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - unlistedUploadHours * 60 * 60 * 1000).toISOString()
  const courses = await db.query<{ file_key: string }>(
    acrossSchools('course upload retention', 'DELETE FROM course_attachments WHERE course_id IS NULL AND created_at < $1 RETURNING file_key'),
    [cutoff],
  )
  const answers = await db.query<{ file_key: string }>(
    acrossSchools('answer upload retention', `DELETE FROM answer_files f WHERE f.created_at < $1 AND ${unnamedAnswerFile} RETURNING f.file_key`),
    [cutoff],
  )
  // The upload limits' ledger: reservations of uploads that never finished (a process stopped
  // mid-upload), and the days before yesterday (today's and yesterday's are the ones a clock can read).
  await db.query(acrossSchools('upload reservation retention', 'DELETE FROM upload_reservations WHERE created_at < $1'), [cutoff])
  await db.query(acrossSchools('upload usage retention', 'DELETE FROM upload_usage WHERE day < $1::date'), [
    new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  ])
  const rows = [...courses, ...answers]
  await Promise.all(
    rows.map((row) => files.delete(row.file_key).catch((error: unknown) => console.error('deleting an unlisted upload failed:', String(error)))),
  )
  return rows.length
}
