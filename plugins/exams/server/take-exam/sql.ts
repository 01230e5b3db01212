/*
 * The take-exam statements. Every one binds the caller's school through inSchool ($school, once per
 * school-owned table it names); the caller's user id is $1 where she must be the student. Timestamps
 * are answered as UTC ISO strings by the database itself, so both drivers answer the same text.
 */
import type { Locale } from '../../../../contracts/errors.ts'
import { takeExamDefaults } from '../../contract/take-exam.ts'

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const isoOrNull = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${iso(column)} END`
const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

/** From "assigned" on, an exam's students have attempts and see it; before, it is the teachers' alone. */
export const takingStatuses = ['assigned', 'notViewed', 'inProgress'] as const
const shownStatuses = `('assigned', 'notViewed', 'inProgress', 'underCorrection', 'done', 'published')`

/** Exam `e` is aimed at student `st`: one of its class rooms is hers, or she is among its chosen students. */
const aimedAt = `((e.target_kind = 'classes' AND EXISTS (SELECT 1 FROM exam_class_rooms c WHERE c.exam_id = e.id AND c.class_room_id = st.class_room_id AND c.school_id = $school))
  OR (e.target_kind = 'students' AND EXISTS (SELECT 1 FROM exam_students s WHERE s.exam_id = e.id AND s.student_id = st.id AND s.school_id = $school)))`

const examColumns = (
  locale: Locale,
) => `e.id AS "examId", e.title, sub.name_${locale} AS "subjectName", ${iso('e.starts_at')} AS "startsAt", ${iso('e.ends_at')} AS "endsAt",
  e.duration_minutes AS "durationMinutes", jsonb_array_length(e.questions) AS "questionCount", e.total_degree AS "totalDegree", e.status AS "examStatus"`

const attemptColumns = `a.id AS "attemptId", a.status, a.device_key AS "deviceKey", ${isoOrNull('a.started_at')} AS "startedAt", ${isoOrNull('a.deadline_at')} AS "deadlineAt",
  ${isoOrNull('a.finished_at')} AS "finishedAt"`

export interface ExamOfStudentRow {
  readonly examId: number
  readonly studentId: number
  readonly title: string
  readonly subjectName: string
  readonly startsAt: string
  readonly endsAt: string
  readonly durationMinutes: number
  readonly questionCount: number
  readonly totalDegree: number
  readonly examStatus: string
  readonly attemptId: number | null
  readonly status: 'notViewed' | 'inProgress' | 'finished' | null
  readonly deviceKey: string | null
  readonly startedAt: string | null
  readonly deadlineAt: string | null
  readonly finishedAt: string | null
}

export interface AttemptRow extends ExamOfStudentRow {
  readonly attemptId: number
  readonly status: 'notViewed' | 'inProgress' | 'finished'
  readonly questionOrder: 'random' | 'same'
  readonly extraTimePercent: number
  readonly graceSeconds: number
}

export interface AttemptWorkRow {
  readonly questions: ReadonlyArray<unknown>
  readonly answers: Record<string, unknown>
  readonly markedForReview: ReadonlyArray<string>
}

export const sql = {
  /** The exams shown to the caller ($1), with her attempt when there is one. */
  studentExams: byLocale(
    (locale) => `SELECT ${examColumns(locale)}, st.id AS "studentId", ${attemptColumns}
      FROM students st
      JOIN exams e ON e.school_id = $school AND e.status IN ${shownStatuses} AND ${aimedAt}
      JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
      LEFT JOIN exam_attempts a ON a.exam_id = e.id AND a.student_id = st.id AND a.school_id = $school
      WHERE st.user_id = $1 AND st.school_id = $school
      ORDER BY e.starts_at, e.id`,
  ),
  /** Attempts made when first needed ($1 exams, $2 students, $3 link hashes); one another request made first stays. */
  insertAttempts: `INSERT INTO exam_attempts (school_id, exam_id, student_id, link_hash)
    SELECT $school, x.exam_id, x.student_id, x.link_hash FROM unnest($1::int[], $2::int[], $3::text[]) AS x (exam_id, student_id, link_hash)
    ON CONFLICT (exam_id, student_id) DO NOTHING`,
  /** Every student exam $1 is aimed at who has no attempt yet (a proctor's or corrector's list makes theirs). */
  studentsWithoutAttempt: `SELECT st.id AS "studentId" FROM exams e JOIN students st ON st.school_id = $school AND ${aimedAt}
    WHERE e.id = $1 AND e.school_id = $school
      AND NOT EXISTS (SELECT 1 FROM exam_attempts a WHERE a.exam_id = e.id AND a.student_id = st.id AND a.school_id = $school)`,
  /** The caller's ($1) attempt whose link hashes to $2, with what its clock needs. */
  attemptByLink: byLocale(
    (locale) => `SELECT ${examColumns(locale)}, st.id AS "studentId", ${attemptColumns}, e.question_order AS "questionOrder",
        COALESCE(acc.extra_time_percent, 0) AS "extraTimePercent", COALESCE(es.offline_grace_seconds, ${takeExamDefaults.offlineGraceSeconds}) AS "graceSeconds"
      FROM exam_attempts a
      JOIN students st ON st.id = a.student_id AND st.user_id = $1 AND st.school_id = $school
      JOIN exams e ON e.id = a.exam_id AND e.school_id = $school
      JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
      LEFT JOIN exam_accommodations acc ON acc.student_id = st.id AND acc.school_id = $school
      LEFT JOIN exam_school_settings es ON es.school_id = $school
      WHERE a.link_hash = $2 AND a.school_id = $school`,
  ),
  /** Her attempt's questions and work (the heavy columns, read only where they are shown). */
  attemptWork: `SELECT e.questions, a.answers, a.marked_for_review AS "markedForReview"
    FROM exam_attempts a JOIN exams e ON e.id = a.exam_id AND e.school_id = $school WHERE a.id = $1 AND a.school_id = $school`,
  /** The exam's questions alone, to check answers against. */
  /**
   * Each question of exam $1 by its id and type, all a save or an upload checks an answer against:
   * the whole questions (texts, choices, keys) would cross to the server and be parsed at every save.
   */
  examQuestionKinds: `SELECT q->>'id' AS id, (q->>'type')::int AS type
    FROM exams e CROSS JOIN LATERAL jsonb_array_elements(e.questions) q WHERE e.id = $1 AND e.school_id = $school`,
  /**
   * The first open: binds attempt $1 to device $2 and starts its clock ($3 start, $4 deadline). Only
   * while no device holds it, so of two opens racing exactly one binds it (the other answers no row).
   */
  bindAndStart: `UPDATE exam_attempts SET device_key = $2, status = 'inProgress', started_at = $3::timestamptz, deadline_at = $4::timestamptz, version = version + 1
    WHERE id = $1 AND device_key IS NULL AND status = 'notViewed' AND school_id = $school RETURNING id`,
  /** Her answers and marks, while the attempt is in progress on device $2. */
  saveWork: `UPDATE exam_attempts SET answers = $3::text::jsonb, marked_for_review = $4::text::jsonb, version = version + 1
    WHERE id = $1 AND device_key = $2 AND status = 'inProgress' AND school_id = $school RETURNING id`,
  /** Her last answers and the end of it, at $5. */
  finishWork: `UPDATE exam_attempts SET answers = $3::text::jsonb, marked_for_review = $4::text::jsonb, status = 'finished', finished_at = $5::timestamptz, version = version + 1
    WHERE id = $1 AND device_key = $2 AND status = 'inProgress' AND school_id = $school RETURNING id`,
  /** A deadline and its grace period passed: the attempt counts as finished at its deadline (read lazily). */
  finishLapsed: `UPDATE exam_attempts SET status = 'finished', finished_at = deadline_at, version = version + 1
    WHERE id = $1 AND status = 'inProgress' AND school_id = $school RETURNING id`,
  /** The exam's status, for its lifecycle move on the first start. */
  examStatus: `SELECT e.status FROM exams e WHERE e.id = $1 AND e.school_id = $school`,
  /** Moves exam $1 from $2 to $3, unless another request moved it first. */
  moveExam: `UPDATE exams SET status = $3, version = version + 1, updated_at = now() WHERE id = $1 AND status = $2 AND school_id = $school RETURNING id`,
}
