import type { DbClient } from '../../../server/db/db.ts'
import { acrossSchools } from '../../../server/services/tenancy.ts'
import type { ServerUploadPurpose } from '../../../server/uploads/upload-purposes.ts'
import { courseCodes } from '../contract/catalogue.ts'
import { courseAttachmentPurpose } from '../contract/upload-purposes.ts'

/** Course attachments, as the server takes them: the caller's uploads no course lists yet (an upload joins its course only when the course is saved) wait, 156 past the limit. */
export const courseAttachmentUploads: ServerUploadPurpose = {
  purpose: courseAttachmentPurpose,
  pendingRefusal: courseCodes.courseUploadsPending,
  pendingSql: 'SELECT count(*) FROM course_attachments a WHERE a.uploaded_by = $1 AND a.course_id IS NULL AND a.school_id = $school',
}

/** Housekeeping (server/uploads/prune-unlisted.ts): uploads of a course form abandoned, in every school. */
export const pruneUnlistedCourseUploads = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('course upload retention', 'DELETE FROM course_attachments WHERE course_id IS NULL AND created_at < $1 RETURNING file_key'),
      [cutoff],
    )
  ).map((row) => row.file_key)
