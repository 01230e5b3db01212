import type { DbClient } from '../db/db.ts'
import type { ServerFeature } from '../feature.ts'
import type { FileStoreService } from '../services/file-store.ts'
import { acrossSchools } from '../services/tenancy.ts'

/** An upload nothing lists is kept this long (a form left open overnight still saves). */
export const unlistedUploadHours = 24

/**
 * Housekeeping: uploads that nothing listed within a day (a course form abandoned, a retried
 * upload, a file answer taken off or recorded again) are deleted, row then file: each feature
 * deletes its own rows (`pruneUnlistedUploads` on its declaration), in list order, and answers
 * their file keys. Every school's at once, as the outbox's retention does.
 */
export const pruneUnlistedUploads = async (
  db: DbClient,
  files: FileStoreService,
  now: Date,
  features: ReadonlyArray<ServerFeature<never>>,
): Promise<number> => {
  const cutoff = new Date(now.getTime() - unlistedUploadHours * 60 * 60 * 1000).toISOString()
  const keys: string[] = []
  for (const feature of features) keys.push(...((await feature.pruneUnlistedUploads?.(db, cutoff)) ?? []))
  // The upload limits' ledger: reservations of uploads that never finished (a process stopped
  // mid-upload), and the days before yesterday (today's and yesterday's are the ones a clock can read).
  await db.query(acrossSchools('upload reservation retention', 'DELETE FROM upload_reservations WHERE created_at < $1'), [cutoff])
  await db.query(acrossSchools('upload usage retention', 'DELETE FROM upload_usage WHERE day < $1::date'), [
    new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  ])
  await Promise.all(keys.map((key) => files.delete(key).catch((error: unknown) => console.error('deleting an unlisted upload failed:', String(error)))))
  return keys.length
}
