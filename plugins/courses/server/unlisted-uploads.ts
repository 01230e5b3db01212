import { uploadLimits } from '../../../contracts/settings.ts'
import type { DbClient } from '../../../server/db/db.ts'
import { acrossSchools } from '../../../server/services/tenancy.ts'
import type { PendingScope } from '../../../server/uploads/upload-limits.ts'
import { courseCodes } from '../contract/catalogue.ts'

/** The caller's course uploads no course lists yet (an upload joins its course only when the course is saved). */
export const courseScope: PendingScope = {
  scope: 'course',
  pendingSql: 'SELECT count(*) FROM course_attachments a WHERE a.uploaded_by = $1 AND a.course_id IS NULL AND a.school_id = $school',
  params: [],
  max: uploadLimits.pendingCourseUploads,
  refusal: courseCodes.courseUploadsPending,
}

/** Housekeeping (server/uploads/prune-unlisted.ts): uploads of a course form abandoned, in every school. */
export const pruneUnlistedCourseUploads = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('course upload retention', 'DELETE FROM course_attachments WHERE course_id IS NULL AND created_at < $1 RETURNING file_key'),
      [cutoff],
    )
  ).map((row) => row.file_key)
