/*
 * The statements of students' work and its correction. Every one binds the caller's school through
 * inSchool ($school, once per school-owned table it names); the caller's id is $1 where it matters.
 */
import type { Locale } from '../../../../contracts/errors.ts'
import type { AnswersRelease } from '../../contract/answers-release.ts'
import type { LateWork } from '../../contract/late-work.ts'
import { classDueOf, dueOf, extensionOf, lastDueOf } from '../due-dates-sql.ts'
import { materialColumnsOf } from '../homework/materials.ts'
import { isoOf, teaches } from '../homework/sql.ts'

const isoOrNull = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoOf(column)} END`

/** Student `st` is aimed at by homework `h`: the whole class room, or among the chosen. */
export const targeted = `st.class_room_id = h.class_room_id
  AND (h.target_kind = 'class' OR EXISTS (SELECT 1 FROM homework_targets ht WHERE ht.homework_id = h.id AND ht.student_id = st.id AND ht.school_id = $school))`

export interface TargetRow {
  readonly homeworkId: number
  readonly classRoomId: number
  readonly studentId: number
  readonly studentName: string
  readonly title: string
  readonly text: string
  readonly type: 'homework' | 'quiz'
  readonly quizMode: 'training' | 'exam' | 'multiple' | 'general' | null
  readonly answersRelease: AnswersRelease
  readonly lateWork: LateWork
  readonly subjectName: string
  readonly questions: unknown
  readonly totalDegree: number
  readonly startsAt: string
  /** Hers: her extension when she has one. */
  readonly dueAt: string
  /** The homework's for its targets, before any extension. */
  readonly classDueAt: string
  readonly extendedDueAt: string | null
  /** The last due date of anyone it is aimed at (answers released after the due date wait for it). */
  readonly lastDueAt: string
  /** Its files and links, on the student's own target only (materialColumnsOf). */
  readonly materialFiles?: unknown
  readonly materialLinks?: unknown
}

/** A target's columns but its homework's questions, which a list of a whole class reads once (taughtHomeworkQuestions), not once per student. */
const targetColumnsButQuestions = (
  locale: Locale,
) => `h.id AS "homeworkId", h.class_room_id AS "classRoomId", st.id AS "studentId", st.name_${locale} AS "studentName",
  h.title, h.body AS text, h.kind AS type, h.quiz_mode AS "quizMode", h.answers_release AS "answersRelease", h.late_work AS "lateWork", sub.name_${locale} AS "subjectName",
  h.total_degree AS "totalDegree",
  ${isoOf('h.starts_at')} AS "startsAt", ${isoOf(dueOf)} AS "dueAt", ${isoOf(classDueOf('h'))} AS "classDueAt",
  ${isoOrNull(extensionOf)} AS "extendedDueAt", ${isoOf(lastDueOf)} AS "lastDueAt"`

const targetColumns = (locale: Locale) => `${targetColumnsButQuestions(locale)}, h.questions`

const targetFrom = `FROM homework h
  JOIN students st ON ${targeted} AND st.school_id = $school
  JOIN subjects sub ON sub.id = h.subject_id AND sub.school_id = $school`

const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

export interface SubmissionRow {
  readonly id: number
  readonly status: 'not_viewed' | 'in_progress' | 'ready' | 'uncompleted' | 'done'
  readonly answers: unknown
  readonly autoScores: unknown
  readonly reviews: unknown
  readonly grade: number | null
  readonly comment: string | null
  readonly version: number
  readonly viewedAt: string | null
  readonly submittedAt: string | null
  readonly correctedAt: string | null
}

const submissionColumns = `x.id, x.status, x.answers, x.auto_scores AS "autoScores", x.answer_reviews AS reviews, x.grade, x.comment, x.version,
  ${isoOrNull('x.viewed_at')} AS "viewedAt", ${isoOrNull('x.submitted_at')} AS "submittedAt", ${isoOrNull('x.corrected_at')} AS "correctedAt"`

/** A line of the correction list: the target and, when stored, her work's status, grade and dates. */
export interface CorrectionListRow {
  readonly studentId: number
  readonly studentName: string
  readonly dueAt: string
  readonly status: SubmissionRow['status'] | null
  readonly grade: number | null
  /** The teacher has given marks or comments on answers (her reviews are not empty). */
  readonly marked: boolean
  readonly submittedAt: string | null
  readonly correctedAt: string | null
  readonly extendedDueAt: string | null
}

export interface MyHomeworkRow {
  readonly homeworkId: number
  readonly studentId: number
  readonly title: string
  readonly type: 'homework' | 'quiz'
  readonly quizMode: 'training' | 'exam' | 'multiple' | 'general' | null
  readonly subjectName: string
  readonly teacherName: string
  readonly questionCount: number
  readonly totalDegree: number
  readonly startsAt: string
  readonly dueAt: string
  readonly status: SubmissionRow['status'] | null
  readonly grade: number | null
  readonly submittedAt: string | null
  readonly lateWork: LateWork
}

export const sql = {
  /** Homework $2 as its student (the caller, $1) sees it: aimed at her and started by $3. */
  studentTarget: byLocale(
    (locale) => `SELECT ${targetColumns(locale)}, ${materialColumnsOf('h')} ${targetFrom}
      WHERE h.id = $2 AND h.school_id = $school AND st.user_id = $1 AND h.starts_at <= $3::timestamptz`,
  ),
  /** Homework $2 and student $3, when the caller teaches the homework's class room and it is aimed at the student. */
  teacherTarget: byLocale(
    (locale) => `SELECT ${targetColumns(locale)} ${targetFrom}
      WHERE h.id = $2 AND st.id = $3 AND h.school_id = $school AND ${teaches('h.class_room_id')}`,
  ),
  /** Homework $2 of a class room the caller teaches. */
  taughtHomework: `SELECT h.id, h.title, h.total_degree AS "totalDegree" FROM homework h WHERE h.id = $2 AND h.school_id = $school AND ${teaches('h.class_room_id')}`,
  /** The questions of homework $2 of a class room the caller teaches. */
  taughtHomeworkQuestions: `SELECT h.id, h.questions FROM homework h WHERE h.id = $2 AND h.school_id = $school AND ${teaches('h.class_room_id')}`,
  /** Every student homework $1 is aimed at. */
  targetsOfHomework: byLocale(
    (locale) => `SELECT ${targetColumnsButQuestions(locale)} ${targetFrom} WHERE h.id = $1 AND h.school_id = $school ORDER BY st.name_${locale}, st.id`,
  ),
  /**
   * The correction list in one statement: every student homework $1 is aimed at, with what a list shows of her stored work
   * (no answers, scores or reviews: a class's worth of them is most of a read's time).
   */
  correctionListOfHomework: byLocale(
    (locale) => `SELECT st.id AS "studentId", st.name_${locale} AS "studentName", ${isoOf(dueOf)} AS "dueAt", ${isoOrNull(extensionOf)} AS "extendedDueAt",
      x.status, x.grade, COALESCE(x.answer_reviews <> '{}'::jsonb, false) AS marked,
      ${isoOrNull('x.submitted_at')} AS "submittedAt", ${isoOrNull('x.corrected_at')} AS "correctedAt"
      ${targetFrom}
      LEFT JOIN homework_submissions x ON x.homework_id = h.id AND x.student_id = st.id AND x.school_id = $school
      WHERE h.id = $1 AND h.school_id = $school ORDER BY st.name_${locale}, st.id`,
  ),
  /** The started homework aimed at the caller ($1), started by $2, optionally of one type ($3). */
  myHomeworks: byLocale(
    (locale) => `SELECT h.id AS "homeworkId", st.id AS "studentId", h.title, h.kind AS type, h.quiz_mode AS "quizMode", sub.name_${locale} AS "subjectName",
      u.first_name || ' ' || u.last_name AS "teacherName", jsonb_array_length(h.questions) AS "questionCount", h.total_degree AS "totalDegree",
      ${isoOf('h.starts_at')} AS "startsAt", ${isoOf(dueOf)} AS "dueAt", x.status, x.grade, ${isoOrNull('x.submitted_at')} AS "submittedAt",
      h.late_work AS "lateWork"
      ${targetFrom}
      JOIN users u ON u.id = h.teacher_id AND u.school_id = $school
      LEFT JOIN homework_submissions x ON x.homework_id = h.id AND x.student_id = st.id AND x.school_id = $school
      WHERE st.user_id = $1 AND h.school_id = $school AND h.starts_at <= $2::timestamptz AND ($3::text IS NULL OR h.kind = $3::text)
      ORDER BY ${dueOf}, h.id`,
  ),
  submission: `SELECT ${submissionColumns} FROM homework_submissions x WHERE x.homework_id = $1 AND x.student_id = $2 AND x.school_id = $school`,
  /** Every stored work on homework $1, by student. */
  submissionsOfHomework: `SELECT x.student_id AS "studentId", ${submissionColumns} FROM homework_submissions x WHERE x.homework_id = $1 AND x.school_id = $school`,
  /** The first stored work of a student; no row answered = another request stored it first. */
  insertSubmission: `INSERT INTO homework_submissions (school_id, homework_id, student_id, status, answers, auto_scores, answer_reviews, grade, comment,
      viewed_at, submitted_at, corrected_at, corrected_by)
    VALUES ($school, $1, $2, $3, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7, $8, $9::timestamptz, $10::timestamptz, $11::timestamptz, $12::uuid)
    ON CONFLICT (homework_id, student_id) DO NOTHING RETURNING id`,
  /** Only at the version it was read at; no row answered = changed elsewhere. */
  updateSubmission: `UPDATE homework_submissions SET status = $3, answers = $4::text::jsonb, auto_scores = $5::text::jsonb, answer_reviews = $6::text::jsonb,
      grade = $7, comment = $8, viewed_at = $9::timestamptz, submitted_at = $10::timestamptz, corrected_at = $11::timestamptz, corrected_by = $12::uuid,
      version = version + 1, updated_at = now()
    WHERE id = $1 AND version = $2 AND school_id = $school RETURNING id`,
  /** Student $2's own due date for homework $1 ($3), given by the caller ($4): a later one replaces it. */
  upsertExtension: `INSERT INTO homework_due_extensions (school_id, homework_id, student_id, due_at, granted_by) VALUES ($school, $1, $2, $3::timestamptz, $4::uuid)
    ON CONFLICT (homework_id, student_id) DO UPDATE SET due_at = EXCLUDED.due_at, granted_by = EXCLUDED.granted_by, granted_at = now()`,
  classRoomName: byLocale(
    (locale) =>
      `SELECT cr.name_${locale} || ' ' || cr.division_${locale} AS name FROM class_rooms cr WHERE cr.id = $2 AND cr.school_id = $school AND ${teaches('cr.id')}`,
  ),
  /** The grade book's columns: homework of class room $1 (of subject $2 when given), oldest due first. */
  gradeBookColumns: `SELECT h.id, h.title, h.total_degree AS "totalDegree", ${isoOf('h.due_at')} AS "dueAt" FROM homework h
    WHERE h.class_room_id = $1 AND h.school_id = $school AND ($2::int IS NULL OR h.subject_id = $2::int) ORDER BY h.due_at, h.id`,
  gradeBookStudents: byLocale(
    (locale) =>
      `SELECT st.id, st.name_${locale} AS name FROM students st WHERE st.class_room_id = $1 AND st.school_id = $school ORDER BY st.name_${locale}, st.id`,
  ),
  /** Corrected grades of class room $1's homework, of students still aimed at. */
  gradeBookGrades: `SELECT x.homework_id AS "homeworkId", x.student_id AS "studentId", x.grade
    FROM homework_submissions x JOIN homework h ON h.id = x.homework_id AND h.school_id = $school
    WHERE h.class_room_id = $1 AND x.status = 'done' AND x.school_id = $school`,
}
