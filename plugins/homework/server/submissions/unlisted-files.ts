import { uploadLimits } from '../../../../contracts/settings.ts'
import type { DbClient } from '../../../../server/db/db.ts'
import { acrossSchools } from '../../../../server/services/tenancy.ts'
import type { PendingScope } from '../../../../server/uploads/upload-limits.ts'
import { homeworkCodes } from '../../contract/codes.ts'

/** A file answer no saved answer of its student names (by id, in `fileIds` or as `recordingId`): one of her pending uploads. */
export const unnamedAnswerFile = `NOT EXISTS (
  SELECT 1 FROM homework_submissions x
   WHERE x.homework_id = f.homework_id AND x.student_id = f.student_id
     AND (COALESCE(x.answers -> f.question_id -> 'fileIds', '[]'::jsonb) @> to_jsonb(f.id)
          OR x.answers -> f.question_id -> 'recordingId' = to_jsonb(f.id)))`

/** The pending files of one answer: hers for that homework and question that no saved answer names (as housekeeping reads them). */
export const answerScope = (homeworkId: number, studentId: number, questionId: string): PendingScope => ({
  scope: `answer:${homeworkId}:${questionId}`,
  pendingSql: `SELECT count(*) FROM answer_files f
    WHERE f.homework_id = $3 AND f.student_id = $4 AND f.question_id = $5 AND f.school_id = $school AND ${unnamedAnswerFile}`,
  params: [homeworkId, studentId, questionId],
  max: uploadLimits.pendingPerAnswer,
  refusal: homeworkCodes.answerFilesPending,
})

/** Housekeeping (server/uploads/prune-unlisted.ts): file answers taken off or recorded again, in every school. */
export const pruneUnlistedAnswerFiles = async (db: DbClient, cutoff: string): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ file_key: string }>(
      acrossSchools('answer upload retention', `DELETE FROM answer_files f WHERE f.created_at < $1 AND ${unnamedAnswerFile} RETURNING f.file_key`),
      [cutoff],
    )
  ).map((row) => row.file_key)
