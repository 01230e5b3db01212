import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { SchoolExamSettings } from '../../contract/exam-settings-api.ts'
import { takeExamDefaults } from '../../contract/take-exam.ts'

const sql = {
  /** The caller's school's row, or the defaults when it never set one. */
  read: `SELECT COALESCE((SELECT offline_grace_seconds FROM exam_school_settings WHERE school_id = $school), ${takeExamDefaults.offlineGraceSeconds}) AS "offlineGraceSeconds"`,
  /** The caller's school's row, made on its first setting. */
  write: `INSERT INTO exam_school_settings (school_id, offline_grace_seconds) VALUES ($school, $1)
    ON CONFLICT (school_id) DO UPDATE SET offline_grace_seconds = EXCLUDED.offline_grace_seconds
    RETURNING offline_grace_seconds AS "offlineGraceSeconds"`,
}

/**
 * A school's exam settings, read and set by its admins (allow(...) on the group) for their own school
 * only ($school, and row security on exam_school_settings).
 *
 * A new grace applies to what is read after it: the take-exam flow's late answers and the lazy closing
 * of exams for correction (correction/close.ts reads the grace when it closes an exam). An exam already
 * closed (under correction or later) is not reopened by a longer grace; one not yet closed closes at its
 * end plus the new grace, earlier or later than it would have.
 */
export const ExamSettingsHandlers = HttpApiBuilder.group(FaslApi, 'examSettings', (handlers) =>
  Effect.succeed(
    handlers
      .handle('schoolExamSettings', () =>
        Effect.map(inSchool<SchoolExamSettings>(sql.read), ([row]) => ok({ offlineGraceSeconds: Number(row!.offlineGraceSeconds) })),
      )
      .handle('setSchoolExamSettings', ({ payload }) =>
        Effect.map(inSchool<SchoolExamSettings>(sql.write, [payload.offlineGraceSeconds]), ([row]) =>
          ok({ offlineGraceSeconds: Number(row!.offlineGraceSeconds) }),
        ),
      ),
  ),
)
