/* The results' own statements (the rest are correction's, ../correction/sql.ts); the caller is $1. */
import type { Locale } from '../../../../contracts/errors.ts'
import { takeExamDefaults } from '../../contract/take-exam.ts'

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

export const resultsSql = {
  /** The caller's ($1) own exam $2, as correction reads it. */
  ownExam: `SELECT e.id, e.teacher_id AS "teacherId", e.title, e.status, e.correctors_mode AS "correctorsMode", e.mark_difference_threshold AS "markDifferenceThreshold",
      e.training, ${iso('e.ends_at')} AS "endsAt", e.total_degree AS "totalDegree", e.questions,
      COALESCE(es.offline_grace_seconds, ${takeExamDefaults.offlineGraceSeconds}) AS "graceSeconds"
    FROM exams e LEFT JOIN exam_school_settings es ON es.school_id = $school
    WHERE e.id = $2 AND e.teacher_id = $1 AND e.school_id = $school`,
  /** The caller's ($1) attempts at published exams, latest first. */
  myPublished: byLocale(
    (locale) => `SELECT e.id AS "examId", e.title, sub.name_${locale} AS "subjectName", ${iso('e.ends_at')} AS "endsAt", e.total_degree AS "totalDegree",
        a.final_mark AS "finalMark", a.id AS "attemptId", st.id AS "studentId"
      FROM students st
      JOIN exam_attempts a ON a.student_id = st.id AND a.school_id = $school
      JOIN exams e ON e.id = a.exam_id AND e.status = 'published' AND e.school_id = $school
      JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
      WHERE st.user_id = $1 AND st.school_id = $school
      ORDER BY e.ends_at DESC, e.id DESC`,
  ),
  /** The caller's ($1) exams from under correction on, newest end first. */
  ownResultsList: byLocale(
    (
      locale,
    ) => `SELECT e.id AS "examId", e.title, sub.name_${locale} AS "subjectName", e.status, ${iso('e.ends_at')} AS "endsAt", ${iso('e.updated_at')} AS "changedAt"
      FROM exams e JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
      WHERE e.teacher_id = $1 AND e.school_id = $school AND e.status IN ('underCorrection', 'done', 'published')
      ORDER BY e.ends_at DESC, e.id DESC`,
  ),
  /** One attempt's automatic and settled scores. */
  attemptWork: `SELECT a.auto_scores AS "autoScores", a.settled_scores AS "settledScores" FROM exam_attempts a WHERE a.id = $1 AND a.school_id = $school`,
}
