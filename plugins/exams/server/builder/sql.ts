/*
 * The builder's and the lists' statements. Every one binds the caller's school through inSchool
 * ($school, once per school-owned table); where a caller check is needed her id is $1. Timestamps
 * are answered as UTC ISO strings by the database itself, so both drivers answer the same text.
 */
import type { Locale } from '../../../../contracts/errors.ts'
import { classRoomNameSql } from '../class-room-name.ts'

const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

/** Ids given as one JSON array parameter. */
const idsIn = (param: string, cast = 'int') => `(SELECT value::${cast} FROM jsonb_array_elements_text(${param}::text::jsonb))`

/** She teaches class room `room` (an expression) of her school. */
const teaches = (room: string) => `EXISTS (SELECT 1 FROM class_room_teachers t WHERE t.teacher_id = $1 AND t.class_room_id = ${room} AND t.school_id = $school)`

/** A paper of exam `exam` has marks: the correctors mode is fixed from then on. */
const anyPaperGraded = (exam: string) => `EXISTS (SELECT 1 FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school
  WHERE a.exam_id = ${exam} AND p.school_id = $school AND (p.graded_at IS NOT NULL OR p.marks <> '{}'::jsonb))`

export interface ExamRow {
  readonly id: number
  readonly teacherId: string
  readonly teacherName: string
  readonly title: string
  readonly subjectId: number
  readonly stageId: number
  readonly examType: 'monthly' | 'midterm' | 'final'
  readonly training: boolean
  readonly timing: 'fixedDay' | 'range'
  readonly questionOrder: 'random' | 'same'
  readonly startsAt: string
  readonly endsAt: string
  readonly durationMinutes: number
  readonly questionCount: number
  readonly totalDegree: number
  readonly questions: unknown
  readonly targetKind: 'classes' | 'students'
  readonly correctorsMode: 'split' | 'double'
  readonly markDifferenceThreshold: number | null
  readonly status: string
  readonly statusReason: string | null
  readonly version: number
  readonly anyPaperGraded: boolean
  readonly createdAt: string
  readonly updatedAt: string
}

const examColumns = `e.id, e.teacher_id AS "teacherId", u.first_name || ' ' || u.last_name AS "teacherName", e.title, e.subject_id AS "subjectId",
  e.stage_id AS "stageId", e.exam_type AS "examType", e.training, e.timing, e.question_order AS "questionOrder",
  ${isoOf('e.starts_at')} AS "startsAt", ${isoOf('e.ends_at')} AS "endsAt", e.duration_minutes AS "durationMinutes",
  e.question_count AS "questionCount", e.total_degree AS "totalDegree", e.questions, e.target_kind AS "targetKind",
  e.correctors_mode AS "correctorsMode", e.mark_difference_threshold AS "markDifferenceThreshold", e.status, e.status_reason AS "statusReason",
  e.version, ${anyPaperGraded('e.id')} AS "anyPaperGraded", ${isoOf('e.created_at')} AS "createdAt", ${isoOf('e.updated_at')} AS "updatedAt"`

const examFrom = 'FROM exams e JOIN users u ON u.id = e.teacher_id AND u.school_id = $school'

/** A line of a list: names in the caller's language, its class rooms and correctors by name. */
const summaryColumns = (locale: Locale) => `e.id, e.title, e.subject_id AS "subjectId", sub.name_${locale} AS "subjectName", e.stage_id AS "stageId",
  stg.name_${locale} AS "stageName", e.teacher_id AS "teacherId", u.first_name || ' ' || u.last_name AS "teacherName", e.exam_type AS "examType",
  e.training, e.timing, ${isoOf('e.starts_at')} AS "startsAt", ${isoOf('e.ends_at')} AS "endsAt", e.duration_minutes AS "durationMinutes",
  e.question_count AS "questionCount", e.total_degree AS "totalDegree", e.correctors_mode AS "correctorsMode", e.status, e.status_reason AS "statusReason",
  e.target_kind AS "targetKind",
  COALESCE((SELECT jsonb_agg(DISTINCT ${classRoomNameSql('cr', locale)}) FROM class_rooms cr WHERE cr.school_id = $school
    AND (cr.id IN (SELECT ec.class_room_id FROM exam_class_rooms ec WHERE ec.exam_id = e.id AND ec.school_id = $school)
      OR cr.id IN (SELECT st.class_room_id FROM exam_students es JOIN students st ON st.id = es.student_id AND st.school_id = $school
        WHERE es.exam_id = e.id AND es.school_id = $school))), '[]'::jsonb) AS "classRoomNames",
  COALESCE((SELECT jsonb_agg(cu.first_name || ' ' || cu.last_name ORDER BY c.sort) FROM exam_correctors c
    JOIN users cu ON cu.id = c.corrector_id AND cu.school_id = $school WHERE c.exam_id = e.id AND c.school_id = $school), '[]'::jsonb) AS "correctorNames",
  e.version`

const summaryFrom = `FROM exams e
  JOIN users u ON u.id = e.teacher_id AND u.school_id = $school
  JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
  JOIN educational_stages stg ON stg.id = e.stage_id AND stg.school_id = $school`

/** The list tabs by status: what is not yet under correction, under correction, done or published. */
const tabOf = `CASE WHEN e.status = 'underCorrection' THEN 'underCorrection' WHEN e.status IN ('done', 'published') THEN 'previous' ELSE 'upcoming' END`

const examInsertColumns = `school_id, teacher_id, subject_id, stage_id, title, exam_type, training, timing, question_order, correctors_mode,
  mark_difference_threshold, starts_at, ends_at, duration_minutes, question_count, total_degree, questions, target_kind`

export const sql = {
  /** The caller's own exam. */
  ownExam: `SELECT ${examColumns} ${examFrom} WHERE e.id = $2 AND e.teacher_id = $1 AND e.school_id = $school`,
  /** An exam the caller wrote, corrects, or (when $3, she is a supervising corrector) any of her school's. */
  viewableExam: `SELECT ${examColumns} ${examFrom} WHERE e.id = $2 AND e.school_id = $school
    AND (e.teacher_id = $1 OR $3::boolean OR EXISTS (SELECT 1 FROM exam_correctors c WHERE c.exam_id = e.id AND c.corrector_id = $1 AND c.school_id = $school))`,
  classRoomsOf: 'SELECT class_room_id AS id FROM exam_class_rooms WHERE exam_id = $1 AND school_id = $school ORDER BY class_room_id',
  studentsOf: 'SELECT student_id AS id FROM exam_students WHERE exam_id = $1 AND school_id = $school ORDER BY student_id',
  correctorsOf: `SELECT c.corrector_id AS "correctorId", u.first_name || ' ' || u.last_name AS name, c.percentage, c.status, c.status_reason AS "statusReason"
    FROM exam_correctors c JOIN users u ON u.id = c.corrector_id AND u.school_id = $school
    WHERE c.exam_id = $1 AND c.school_id = $school ORDER BY c.sort, c.corrector_id`,
  /** Correctors who hold papers of the exam (split papers are made when it closes; double marking's per corrector). */
  correctorsWithPapers: `SELECT DISTINCT p.corrector_id AS id FROM exam_papers p JOIN exam_attempts a ON a.id = p.attempt_id AND a.school_id = $school
    WHERE a.exam_id = $1 AND p.school_id = $school`,
  subjectTaught: `SELECT 1 FROM class_room_teachers t JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id AND cs.school_id = $school
    WHERE t.teacher_id = $1 AND cs.subject_id = $2 AND t.school_id = $school LIMIT 1`,
  stageOfSchool: 'SELECT 1 FROM educational_stages WHERE id = $1 AND school_id = $school',
  /** Of the class room ids given ($4), those of stage $3 that she teaches with subject $2 taught in them. */
  allowedClassRooms: `SELECT cr.id FROM class_rooms cr WHERE cr.school_id = $school AND cr.stage_id = $3 AND cr.id IN ${idsIn('$4')} AND ${teaches('cr.id')}
    AND EXISTS (SELECT 1 FROM class_room_subjects cs WHERE cs.class_room_id = cr.id AND cs.subject_id = $2 AND cs.school_id = $school)`,
  /** Of the student ids given ($4), those of such class rooms. */
  allowedStudents: `SELECT st.id FROM students st JOIN class_rooms cr ON cr.id = st.class_room_id AND cr.school_id = $school
    WHERE st.school_id = $school AND st.id IN ${idsIn('$4')} AND cr.stage_id = $3 AND ${teaches('cr.id')}
    AND EXISTS (SELECT 1 FROM class_room_subjects cs WHERE cs.class_room_id = cr.id AND cs.subject_id = $2 AND cs.school_id = $school)`,
  /** Of the user ids given, the school's teachers with their roles (who may correct: those holding Exams). */
  teachersAmong: `SELECT id, roles FROM users WHERE school_id = $school AND user_type = 'Teacher' AND id IN ${idsIn('$1', 'uuid')}`,
  /** Every teacher of the school, for the corrector picker (filtered by role in TypeScript, as effectiveRoles reads them). */
  schoolTeachers: `SELECT id, first_name || ' ' || last_name AS name, roles FROM users WHERE school_id = $school AND user_type = 'Teacher' ORDER BY first_name, last_name, id`,
  insertExam: `INSERT INTO exams (${examInsertColumns})
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::text::jsonb, $17) RETURNING id`,
  /** Only at the version the edit was made against; no row = changed elsewhere. */
  updateExam: `UPDATE exams SET subject_id = $3, stage_id = $4, title = $5, exam_type = $6, training = $7, timing = $8, question_order = $9,
    correctors_mode = $10, mark_difference_threshold = $11, starts_at = $12, ends_at = $13, duration_minutes = $14, question_count = $15,
    total_degree = $16, questions = $17::text::jsonb, target_kind = $18, status = $19, status_reason = $20, version = version + 1, updated_at = now()
    WHERE id = $1 AND version = $2 AND school_id = $school RETURNING id`,
  /** A status move, only from the status it was checked in (a concurrent move makes it no row). */
  moveExam: `UPDATE exams SET status = $3, status_reason = $4, version = version + 1, updated_at = now()
    WHERE id = $1 AND status = $2 AND school_id = $school RETURNING id`,
  setTraining: 'UPDATE exams SET training = true, version = version + 1, updated_at = now() WHERE id = $1 AND school_id = $school',
  /** A change of the correctors moves the exam on too (its version), so an edit made against the old one is told. */
  bumpVersion: 'UPDATE exams SET version = version + 1, updated_at = now() WHERE id = $1 AND school_id = $school',
  setCorrectorsMode: `UPDATE exams SET correctors_mode = $3, mark_difference_threshold = $4, version = version + 1, updated_at = now()
    WHERE id = $1 AND version = $2 AND school_id = $school RETURNING id`,
  deleteExam: 'DELETE FROM exams WHERE id = $1 AND school_id = $school',
  deleteClassRooms: 'DELETE FROM exam_class_rooms WHERE exam_id = $1 AND school_id = $school',
  deleteStudents: 'DELETE FROM exam_students WHERE exam_id = $1 AND school_id = $school',
  /** The correctors no longer named (their ids: $2, a JSON array of those kept). */
  deleteCorrectorsBut: `DELETE FROM exam_correctors WHERE exam_id = $1 AND school_id = $school AND corrector_id NOT IN ${idsIn('$2', 'uuid')}`,
  /** A corrector named or kept, with her share, place and the status her machine gave her (a new status clears the old reason). */
  upsertCorrector: `INSERT INTO exam_correctors (school_id, exam_id, corrector_id, percentage, sort, status) VALUES ($school, $1, $2, $3, $4, $5)
    ON CONFLICT (exam_id, corrector_id) DO UPDATE SET percentage = EXCLUDED.percentage, sort = EXCLUDED.sort, status = EXCLUDED.status,
      status_reason = CASE WHEN exam_correctors.status = EXCLUDED.status THEN exam_correctors.status_reason ELSE NULL END`,
  storedCorrectors: 'SELECT corrector_id AS "correctorId", percentage, status FROM exam_correctors WHERE exam_id = $1 AND school_id = $school',
  ownCorrectorship: `SELECT c.status, c.status_reason AS "statusReason" FROM exam_correctors c WHERE c.exam_id = $2 AND c.corrector_id = $1 AND c.school_id = $school`,
  /** A corrector's move ($1 the corrector), only from the status it was checked in. */
  moveCorrector: `UPDATE exam_correctors SET status = $4, status_reason = $5 WHERE exam_id = $2 AND corrector_id = $1 AND status = $3 AND school_id = $school RETURNING exam_id`,
  correctorOfExam: `SELECT c.status, c.status_reason AS "statusReason" FROM exam_correctors c WHERE c.exam_id = $1 AND c.corrector_id = $2 AND c.school_id = $school`,
  /** The names an exam's ids stand for, in the caller's language (its details page). */
  examNames: byLocale(
    (locale) => `SELECT sub.name_${locale} AS "subjectName", stg.name_${locale} AS "stageName",
      COALESCE((SELECT jsonb_agg(DISTINCT ${classRoomNameSql('cr', locale)}) FROM class_rooms cr WHERE cr.school_id = $school
        AND (cr.id IN (SELECT ec.class_room_id FROM exam_class_rooms ec WHERE ec.exam_id = e.id AND ec.school_id = $school)
          OR cr.id IN (SELECT st.class_room_id FROM exam_students es JOIN students st ON st.id = es.student_id AND st.school_id = $school
            WHERE es.exam_id = e.id AND es.school_id = $school))), '[]'::jsonb) AS "classRoomNames",
      COALESCE((SELECT jsonb_agg(st.name_${locale} ORDER BY st.name_${locale}, st.id) FROM exam_students es
        JOIN students st ON st.id = es.student_id AND st.school_id = $school WHERE es.exam_id = e.id AND es.school_id = $school), '[]'::jsonb) AS "studentNames"
      FROM exams e JOIN subjects sub ON sub.id = e.subject_id AND sub.school_id = $school
      JOIN educational_stages stg ON stg.id = e.stage_id AND stg.school_id = $school
      WHERE e.id = $1 AND e.school_id = $school`,
  ),
  teacherExams: byLocale(
    (locale) => `SELECT ${summaryColumns(locale)} ${summaryFrom}
      WHERE e.teacher_id = $1 AND e.school_id = $school AND ($2::text IS NULL OR ${tabOf} = $2::text) AND ($3::text IS NULL OR e.status = $3::text)
      ORDER BY CASE WHEN ${tabOf} = 'previous' THEN -extract(epoch FROM e.starts_at) ELSE extract(epoch FROM e.starts_at) END, e.id`,
  ),
  schoolExamsOfStatus: byLocale(
    (locale) => `SELECT ${summaryColumns(locale)} ${summaryFrom} WHERE e.school_id = $school AND e.status = $1 ORDER BY e.starts_at, e.id`,
  ),
  correctorExams: byLocale(
    (locale) => `SELECT ${summaryColumns(locale)}, c.status AS "correctorStatus", c.status_reason AS "correctorStatusReason", c.percentage ${summaryFrom}
      JOIN exam_correctors c ON c.exam_id = e.id AND c.corrector_id = $1 AND c.school_id = $school
      WHERE e.school_id = $school AND ($2::text IS NULL OR c.status = $2::text) ORDER BY e.starts_at, e.id`,
  ),
}

/** One VALUES row per id of an exam's link table. */
const insertLinks = (table: string, column: string) => (count: number) =>
  `INSERT INTO ${table} (school_id, exam_id, ${column}) VALUES ${Array.from({ length: count }, (_, index) => `($school, $1, $${index + 2})`).join(', ')}`

export const insertClassRooms = insertLinks('exam_class_rooms', 'class_room_id')
export const insertStudents = insertLinks('exam_students', 'student_id')
