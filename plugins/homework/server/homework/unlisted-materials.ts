import type { DbClient } from '../../../../server/db/db.ts'
import { acrossSchools } from '../../../../server/services/tenancy.ts'
import type { ServerUploadPurpose } from '../../../../server/uploads/upload-purposes.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import { homeworkAttachmentPurpose } from '../../contract/upload-purposes.ts'

/** Homework files, as the server takes them: the caller's uploads no homework lists yet wait, 158 past the limit. */
export const homeworkAttachmentUploads: ServerUploadPurpose = {
  purpose: homeworkAttachmentPurpose,
  pendingRefusal: homeworkCodes.homeworkUploadsPending,
  pendingSql: 'SELECT count(*) FROM homework_attachments a WHERE a.uploaded_by = $1 AND a.homework_id IS NULL AND a.school_id = $school',
}

/** Housekeeping (server/uploads/prune-unlisted.ts): uploads of a homework form abandoned, in every school. */
export const pruneUnlistedHomeworkUploads = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('homework upload retention', 'DELETE FROM homework_attachments WHERE homework_id IS NULL AND created_at < $1 RETURNING file_key'),
      [cutoff],
    )
  ).map((row) => row.file_key)
