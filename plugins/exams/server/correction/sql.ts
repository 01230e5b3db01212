/*
 * The correction and results statements. Every one binds the caller's school through inSchool
 * ($school, once per school-owned table it names); where the caller must be the corrector she is $1
 * (asCaller). Timestamps are answered as UTC ISO strings by the database itself.
 */
import type { Locale } from '../../../../contracts/errors.ts'
import { takeExamDefaults } from '../../contract/take-exam.ts'
import { classRoomNameSql } from '../class-room-name.ts'

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

/** An attempt `a` with its student `st` and her class room `cr`. */
const attemptStudent = `JOIN students st ON st.id = a.student_id AND st.school_id = $school
  JOIN class_rooms cr ON cr.id = st.class_room_id AND cr.school_id = $school`

export interface CorrectionExamRow {
  readonly id: number
  readonly teacherId: string
  readonly title: string
  readonly status: string
  readonly correctorsMode: 'split' | 'double'
  readonly markDifferenceThreshold: number | null
  readonly training: boolean
  readonly endsAt: string
  readonly totalDegree: number
  readonly questions: ReadonlyArray<unknown>
  readonly graceSeconds: number
}

export interface PaperRow {
  readonly attemptId: number
  readonly correctorId: string
  readonly correctorName: string
  readonly percentage: number
  readonly marks: Record<string, { score: number; comment: string | null }>
  readonly graded: boolean
}

export interface AttemptResultRow {
  readonly attemptId: number | null
  readonly studentId: number
  readonly studentName: string
  readonly classRoomId: number
  readonly classRoomName: string
  readonly status: 'notViewed' | 'inProgress' | 'finished' | null
  readonly autoScores: Record<string, { score: number; max: number; outcome: 'correct' | 'incorrect' | 'partial' | 'manual' }>
  readonly settledScores: Record<string, number>
}

export const sql = {
  /** Exam $1 with what correction needs, the school's grace period for late answers included. */
  exam: `SELECT e.id, e.teacher_id AS "teacherId", e.title, e.status, e.correctors_mode AS "correctorsMode", e.mark_difference_threshold AS "markDifferenceThreshold",
      e.training, ${iso('e.ends_at')} AS "endsAt", e.total_degree AS "totalDegree", e.questions,
      COALESCE(es.offline_grace_seconds, ${takeExamDefaults.offlineGraceSeconds}) AS "graceSeconds"
    FROM exams e LEFT JOIN exam_school_settings es ON es.school_id = $school
    WHERE e.id = $1 AND e.school_id = $school`,
  /** The caller's ($1) place among exam $2's correctors. */
  correctorship: `SELECT c.status, c.percentage FROM exam_correctors c WHERE c.exam_id = $2 AND c.corrector_id = $1 AND c.school_id = $school`,
  /** The exam of attempt $2, when the caller ($1) is one of its correctors. */
  examOfCorrectorsAttempt: `SELECT a.exam_id AS "examId" FROM exam_attempts a
    JOIN exam_correctors c ON c.exam_id = a.exam_id AND c.corrector_id = $1 AND c.school_id = $school
    WHERE a.id = $2 AND a.school_id = $school`,
  /** The correctors of exam $1 who take papers (approved, or grading already), in the teacher's order. */
  approvedCorrectors: `SELECT c.corrector_id AS "correctorId", c.percentage FROM exam_correctors c
    WHERE c.exam_id = $1 AND c.status IN ('approved', 'inProgress') AND c.school_id = $school ORDER BY c.sort, c.corrector_id`,
  /** Moves exam $1 from $2 to $3, unless another request moved it first. */
  moveExam: `UPDATE exams SET status = $3, version = version + 1, updated_at = now() WHERE id = $1 AND status = $2 AND school_id = $school RETURNING id`,
  /** Attempts of exam $1 still in progress at its close are finished at their deadlines (none is after the exam's end). */
  finishLapsedOfExam: `UPDATE exam_attempts SET status = 'finished', finished_at = deadline_at, version = version + 1
    WHERE exam_id = $1 AND status = 'inProgress' AND school_id = $school`,
  /** The finished attempts of exam $1 with their answers and class rooms, class room by class room. */
  finishedAttempts: `SELECT a.id AS "attemptId", st.class_room_id AS "classRoomId", a.answers FROM exam_attempts a
    JOIN students st ON st.id = a.student_id AND st.school_id = $school
    WHERE a.exam_id = $1 AND a.status = 'finished' AND a.school_id = $school ORDER BY st.class_room_id, a.id`,
  /** Automatic scores ($2, JSON texts) of attempts $1. */
  writeAutoScores: `UPDATE exam_attempts a SET auto_scores = x.scores::jsonb FROM unnest($1::int[], $2::text[]) AS x (id, scores)
    WHERE a.id = x.id AND a.school_id = $school`,
  /** Papers: attempt $1[i] to corrector $2[i]; one made already stays. */
  insertPapers: `INSERT INTO exam_papers (school_id, attempt_id, corrector_id)
    SELECT $school, x.attempt_id, x.corrector_id FROM unnest($1::int[], $2::uuid[]) AS x (attempt_id, corrector_id) ON CONFLICT DO NOTHING`,
  /** The caller's ($1) papers of exam $2, in the order next and previous follow. */
  correctorPapers: byLocale(
    (
      locale,
    ) => `SELECT p.attempt_id AS "sessionId", st.name_${locale} AS "studentName", ${classRoomNameSql('cr', locale)} AS "classRoomName", p.graded_at IS NOT NULL AS graded
      FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school ${attemptStudent}
      WHERE p.corrector_id = $1 AND a.exam_id = $2 AND p.school_id = $school
      ORDER BY cr.name_${locale}, cr.id, st.name_${locale}, a.id`,
  ),
  /** The caller's ($1) paper of attempt $2 with its exam and the student's work. */
  paper: byLocale(
    (locale) => `SELECT a.id AS "sessionId", a.exam_id AS "examId", e.title, e.status AS "examStatus", e.total_degree AS "totalDegree", e.questions,
        st.name_${locale} AS "studentName", ${classRoomNameSql('cr', locale)} AS "classRoomName", a.answers, a.auto_scores AS "autoScores",
        p.marks, p.graded_at IS NOT NULL AS graded, p.version
      FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school ${attemptStudent}
      JOIN exams e ON e.id = a.exam_id AND e.school_id = $school
      WHERE p.attempt_id = $2 AND p.corrector_id = $1 AND p.school_id = $school`,
  ),
  /** Her mark ($4, JSON text) on question $3 of her paper of attempt $2, at version $5. */
  writeMark: `UPDATE exam_papers SET marks = marks || jsonb_build_object($3::text, $4::text::jsonb), version = version + 1
    WHERE attempt_id = $2 AND corrector_id = $1 AND version = $5 AND school_id = $school RETURNING version`,
  /** Her paper of attempt $2 graded at $4, at version $3. */
  finishPaper: `UPDATE exam_papers SET graded_at = COALESCE(graded_at, $4::timestamptz), version = version + 1
    WHERE attempt_id = $2 AND corrector_id = $1 AND version = $3 AND school_id = $school RETURNING version`,
  /** Her first mark starts her grading (the corrector machine's move, approved → in progress). */
  startGrading: `UPDATE exam_correctors SET status = 'inProgress' WHERE exam_id = $2 AND corrector_id = $1 AND status = 'approved' AND school_id = $school`,
  /** Every paper of exam $1 with its corrector's share and name. */
  papersOfExam: `SELECT p.attempt_id AS "attemptId", p.corrector_id AS "correctorId", u.first_name || ' ' || u.last_name AS "correctorName",
      c.percentage, p.marks, p.graded_at IS NOT NULL AS graded
    FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school
    JOIN exam_correctors c ON c.exam_id = a.exam_id AND c.corrector_id = p.corrector_id AND c.school_id = $school
    JOIN users u ON u.id = p.corrector_id AND u.school_id = $school
    WHERE a.exam_id = $1 AND p.school_id = $school ORDER BY p.attempt_id, c.sort, p.corrector_id`,
  /** The papers of attempt $1 alone (a student's own result). */
  papersOfAttempt: `SELECT p.attempt_id AS "attemptId", p.corrector_id AS "correctorId", '' AS "correctorName", c.percentage, p.marks, p.graded_at IS NOT NULL AS graded
    FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school
    JOIN exam_correctors c ON c.exam_id = a.exam_id AND c.corrector_id = p.corrector_id AND c.school_id = $school
    WHERE p.attempt_id = $1 AND p.school_id = $school ORDER BY c.sort, p.corrector_id`,
  /** Every student exam $1 is aimed at, with her attempt when she has one, class room by class room. */
  studentsOfExam: byLocale(
    (
      locale,
    ) => `SELECT a.id AS "attemptId", st.id AS "studentId", st.name_${locale} AS "studentName", cr.id AS "classRoomId", ${classRoomNameSql('cr', locale)} AS "classRoomName",
        a.status, COALESCE(a.auto_scores, '{}') AS "autoScores", COALESCE(a.settled_scores, '{}') AS "settledScores"
      FROM exams e
      JOIN students st ON st.school_id = $school AND (
        (e.target_kind = 'classes' AND EXISTS (SELECT 1 FROM exam_class_rooms r WHERE r.exam_id = e.id AND r.class_room_id = st.class_room_id AND r.school_id = $school))
        OR (e.target_kind = 'students' AND EXISTS (SELECT 1 FROM exam_students s WHERE s.exam_id = e.id AND s.student_id = st.id AND s.school_id = $school))
        OR EXISTS (SELECT 1 FROM exam_attempts x WHERE x.exam_id = e.id AND x.student_id = st.id AND x.school_id = $school))
      JOIN class_rooms cr ON cr.id = st.class_room_id AND cr.school_id = $school
      LEFT JOIN exam_attempts a ON a.exam_id = e.id AND a.student_id = st.id AND a.school_id = $school
      WHERE e.id = $1 AND e.school_id = $school
      ORDER BY cr.name_${locale}, cr.id, st.name_${locale}, st.id`,
  ),
  /** The supervisor's score $3 on question $2 of attempt $1 of exam $4. */
  settle: `UPDATE exam_attempts SET settled_scores = settled_scores || jsonb_build_object($2::text, $3::float8), version = version + 1
    WHERE id = $1 AND exam_id = $4 AND school_id = $school RETURNING id`,
  /** Exam $1 of attempt $2 (any in the school: the supervisor's reach). */
  examOfAttempt: `SELECT a.exam_id AS "examId" FROM exam_attempts a WHERE a.id = $1 AND a.school_id = $school`,
  /** Final marks $2 of attempts $1, kept when the results are published. */
  writeFinalMarks: `UPDATE exam_attempts a SET final_mark = x.mark FROM unnest($1::int[], $2::float8[]) AS x (id, mark) WHERE a.id = x.id AND a.school_id = $school`,
}
