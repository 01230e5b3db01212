import type { DbClient } from '../../../../server/db/db.ts'
import { acrossSchools } from '../../../../server/services/tenancy.ts'
import type { ServerUploadPurpose } from '../../../../server/uploads/upload-purposes.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import { fileAnswerPurpose, recordedAnswerPurpose } from '../../contract/upload-purposes.ts'

/** A file answer no saved answer of its student names (by id, in `fileIds` or as `recordingId`): one of her pending uploads. */
export const unnamedAnswerFile = `NOT EXISTS (
  SELECT 1 FROM homework_submissions x
   WHERE x.homework_id = f.homework_id AND x.student_id = f.student_id
     AND (COALESCE(x.answers -> f.question_id -> 'fileIds', '[]'::jsonb) @> to_jsonb(f.id)
          OR x.answers -> f.question_id -> 'recordingId' = to_jsonb(f.id)))`

/** Her pending files of one answer (keyed by homework, student and question): those no saved answer names (as housekeeping reads them), 155 past the limit. */
const pendingOfAnswer = {
  pendingRefusal: homeworkCodes.answerFilesPending,
  pendingSql: `SELECT count(*) FROM answer_files f
    WHERE f.homework_id = $3 AND f.student_id = $4 AND f.question_id = $5 AND f.school_id = $school AND ${unnamedAnswerFile}`,
}

/** Answer files and recordings, as the server takes them. */
export const answerUploads: ReadonlyArray<ServerUploadPurpose> = [
  { purpose: fileAnswerPurpose, ...pendingOfAnswer },
  { purpose: recordedAnswerPurpose, ...pendingOfAnswer },
]

/** Housekeeping (server/uploads/prune-unlisted.ts): file answers taken off or recorded again, in every school. */
export const pruneUnlistedAnswerFiles = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('answer upload retention', `DELETE FROM answer_files f WHERE f.created_at < $1 AND ${unnamedAnswerFile} RETURNING f.file_key`),
      [cutoff],
    )
  ).map((row) => row.file_key)
