/*
 * The homework statements. Every one binds the caller's school through inSchool ($school, once per
 * school-owned table); where a caller check is needed her id is $1. Timestamps are answered as UTC
 * ISO strings by the database itself, so both drivers (PGlite, postgres.js) answer the same text.
 */
import type { Locale } from '../../../../contracts/errors.ts'
import type { AnswersRelease } from '../../contract/answers-release.ts'
import type { LateWork } from '../../contract/late-work.ts'
import { dueOf } from '../due-dates-sql.ts'

export const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** She teaches class room `room` (an expression) of her school. */
export const teaches = (room: string) =>
  `EXISTS (SELECT 1 FROM class_room_teachers t WHERE t.teacher_id = $1 AND t.class_room_id = ${room} AND t.school_id = $school)`

/** Work past "not viewed": the homework counts as answered. */
const answeredOf = (homework: string) =>
  `(SELECT count(*)::int FROM homework_submissions x WHERE x.homework_id = ${homework} AND x.status <> 'not_viewed' AND x.school_id = $school)`

export interface HomeworkRow {
  readonly id: number
  readonly classRoomId: number
  readonly subjectId: number
  readonly chapterId: number | null
  readonly topicIds: ReadonlyArray<number>
  readonly teacherId: string
  readonly title: string
  readonly text: string
  readonly type: 'homework' | 'quiz'
  readonly quizMode: 'training' | 'exam' | 'multiple' | 'general' | null
  readonly answersRelease: AnswersRelease
  readonly lateWork: LateWork
  readonly questions: unknown
  readonly totalDegree: number
  readonly startsAt: string
  readonly dueAt: string
  readonly targetKind: 'class' | 'students'
  readonly customDueAt: string | null
  readonly version: number
  readonly answeredCount: number
  readonly createdAt: string
  readonly updatedAt: string
}

const homeworkColumns = `h.id, h.class_room_id AS "classRoomId", h.subject_id AS "subjectId", h.chapter_id AS "chapterId",
  COALESCE((SELECT jsonb_agg(ht.topic_id ORDER BY ht.topic_id) FROM homework_topics ht WHERE ht.homework_id = h.id AND ht.school_id = $school), '[]'::jsonb) AS "topicIds",
  h.teacher_id AS "teacherId", h.title, h.body AS text, h.kind AS type, h.quiz_mode AS "quizMode", h.answers_release AS "answersRelease", h.late_work AS "lateWork",
  h.questions, h.total_degree AS "totalDegree", ${isoOf('h.starts_at')} AS "startsAt", ${isoOf('h.due_at')} AS "dueAt", h.target_kind AS "targetKind",
  CASE WHEN h.custom_due_at IS NULL THEN NULL ELSE ${isoOf('h.custom_due_at')} END AS "customDueAt",
  h.version, ${answeredOf('h.id')} AS "answeredCount", ${isoOf('h.created_at')} AS "createdAt", ${isoOf('h.updated_at')} AS "updatedAt"`

const summaryColumns = (locale: Locale) => `h.id, h.class_room_id AS "classRoomId", cr.name_${locale} || ' ' || cr.division_${locale} AS "classRoomName",
  h.subject_id AS "subjectId", sub.name_${locale} AS "subjectName", h.chapter_id AS "chapterId", ch.name AS "chapterName",
  COALESCE((SELECT jsonb_agg(tp.name ORDER BY tp.id) FROM homework_topics ht JOIN topics tp ON tp.id = ht.topic_id AND tp.school_id = $school
    WHERE ht.homework_id = h.id AND ht.school_id = $school), '[]'::jsonb) AS "topicNames",
  u.first_name || ' ' || u.last_name AS "teacherName", h.teacher_id = $1 AS "isMine",
  h.title, h.kind AS type, h.quiz_mode AS "quizMode", jsonb_array_length(h.questions) AS "questionCount", h.total_degree AS "totalDegree",
  ${isoOf('h.starts_at')} AS "startsAt", ${isoOf('h.due_at')} AS "dueAt", h.target_kind AS "targetKind",
  CASE WHEN h.target_kind = 'class'
    THEN (SELECT count(*)::int FROM students st WHERE st.class_room_id = h.class_room_id AND st.school_id = $school)
    ELSE (SELECT count(*)::int FROM homework_targets ht WHERE ht.homework_id = h.id AND ht.school_id = $school) END AS "studentCount",
  w.answered AS "answeredCount", w.handed_in AS "handedInCount", w.drafts AS "draftCount", w.corrected AS "correctedCount"`

/**
 * Its counts in one pass over the homework's work (one row: an aggregate without GROUP BY): opened,
 * handed in (a hand-in happened: submitted_at), drafts (answers saved, still being answered) and corrected.
 */
const summaryFrom = `FROM homework h
  JOIN class_rooms cr ON cr.id = h.class_room_id AND cr.school_id = $school
  JOIN subjects sub ON sub.id = h.subject_id AND sub.school_id = $school
  JOIN users u ON u.id = h.teacher_id AND u.school_id = $school
  LEFT JOIN chapters ch ON ch.id = h.chapter_id AND ch.school_id = $school
  CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE x.status <> 'not_viewed')::int AS answered,
      count(*) FILTER (WHERE x.submitted_at IS NOT NULL)::int AS handed_in,
      count(*) FILTER (WHERE x.status = 'in_progress' AND x.answers <> '{}'::jsonb)::int AS drafts,
      count(*) FILTER (WHERE x.status = 'done')::int AS corrected
    FROM homework_submissions x WHERE x.homework_id = h.id AND x.school_id = $school) w`

const byLocale = (make: (locale: Locale) => string) => ({ en: make('en'), ar: make('ar') })

const homeworkInsertColumns = `school_id, class_room_id, subject_id, chapter_id, teacher_id, kind, quiz_mode, title, body, questions, total_degree, starts_at, due_at, target_kind, custom_due_at, answers_release, late_work`

export const sql = {
  teachesClassRoom: `SELECT 1 WHERE ${teaches('$2')}`,
  subjectInClassRoom: 'SELECT 1 FROM class_room_subjects WHERE class_room_id = $1 AND subject_id = $2 AND school_id = $school',
  chapterOfSubject: 'SELECT 1 FROM chapters WHERE id = $1 AND subject_id = $2 AND school_id = $school',
  /** Of the topic ids given (a JSON array), those of chapter $1. */
  topicsOfChapter: `SELECT id FROM topics WHERE chapter_id = $1 AND school_id = $school AND id IN (SELECT value::int FROM jsonb_array_elements_text($2::text::jsonb))`,
  /** Of the ids given (a JSON array), those of students of the class room. */
  studentsOfClassRoom: `SELECT id FROM students WHERE class_room_id = $1 AND school_id = $school AND id IN (SELECT value::int FROM jsonb_array_elements_text($2::text::jsonb))`,
  /** The caller's own homework, in a class room she still teaches. */
  ownHomework: `SELECT ${homeworkColumns} FROM homework h WHERE h.id = $2 AND h.teacher_id = $1 AND h.school_id = $school AND ${teaches('h.class_room_id')}`,
  targets: 'SELECT student_id AS id FROM homework_targets WHERE homework_id = $1 AND school_id = $school ORDER BY student_id',
  answeredStudents: `SELECT student_id AS id FROM homework_submissions WHERE homework_id = $1 AND status <> 'not_viewed' AND school_id = $school`,
  insertHomework: `INSERT INTO homework (${homeworkInsertColumns})
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
  /** Only at the version the edit was made against; no row = changed elsewhere. */
  updateHomework: `UPDATE homework SET subject_id = $3, chapter_id = $4, kind = $5, quiz_mode = $6, title = $7, body = $8,
    questions = $9::text::jsonb, total_degree = $10, starts_at = $11, due_at = $12, target_kind = $13, custom_due_at = $14, answers_release = $15, late_work = $16,
    version = version + 1, updated_at = now()
    WHERE id = $1 AND version = $2 AND school_id = $school RETURNING id`,
  deleteTargets: 'DELETE FROM homework_targets WHERE homework_id = $1 AND school_id = $school',
  deleteTopics: 'DELETE FROM homework_topics WHERE homework_id = $1 AND school_id = $school',
  /** Its targets and submissions go with it (ON DELETE CASCADE, migration 0008). */
  deleteHomework: 'DELETE FROM homework WHERE id = $1 AND school_id = $school',
  answerFilesOf: 'SELECT file_key AS "fileKey" FROM answer_files WHERE homework_id = $1 AND school_id = $school',
  /** Homework of the class room due in [$2, $3), but the one just saved. */
  dueThatDay: 'SELECT id FROM homework WHERE class_room_id = $1 AND due_at >= $2 AND due_at < $3 AND id <> $4 AND school_id = $school ORDER BY id',
  classRoomHomeworks: byLocale(
    (locale) => `SELECT ${summaryColumns(locale)} ${summaryFrom}
      WHERE h.class_room_id = $2 AND h.school_id = $school AND ($3::int IS NULL OR h.subject_id = $3::int) AND ($4::text IS NULL OR h.kind = $4::text)
      ORDER BY h.due_at DESC, h.id DESC`,
  ),
  /** The caller's own homework starting in [$3, $4) from class rooms she teaches, of a subject taught in class room $2. */
  homeworksForFetch: byLocale(
    (locale) => `SELECT ${summaryColumns(locale)} ${summaryFrom}
      WHERE h.teacher_id = $1 AND h.starts_at >= $3 AND h.starts_at < $4 AND h.school_id = $school AND ($5::int IS NULL OR h.subject_id = $5::int)
        AND EXISTS (SELECT 1 FROM class_room_subjects cs WHERE cs.class_room_id = $2 AND cs.subject_id = h.subject_id AND cs.school_id = $school)
        AND ${teaches('h.class_room_id')}
      ORDER BY h.starts_at DESC, h.id DESC`,
  ),
  classRoomStudents: byLocale(
    (locale) => `SELECT id, name_${locale} AS name, photo FROM students WHERE class_room_id = $1 AND school_id = $school ORDER BY name_${locale}, id`,
  ),
  /** Each targeted student with their work: everyone of the class room, or the chosen ones. */
  homeworkStudents: byLocale(
    (locale) => `SELECT st.id, st.name_${locale} AS name, st.photo, COALESCE(x.status, 'not_viewed') AS status, x.grade, ${isoOf(dueOf)} AS "dueAt",
      CASE WHEN x.submitted_at IS NULL THEN NULL ELSE ${isoOf('x.submitted_at')} END AS "submittedAt",
      CASE WHEN x.corrected_at IS NULL THEN NULL ELSE ${isoOf('x.corrected_at')} END AS "correctedAt"
      FROM homework h
      JOIN students st ON st.class_room_id = h.class_room_id AND st.school_id = $school
      LEFT JOIN homework_submissions x ON x.student_id = st.id AND x.homework_id = h.id AND x.school_id = $school
      WHERE h.id = $1 AND h.class_room_id = $2 AND h.school_id = $school
        AND (h.target_kind = 'class' OR st.id IN (SELECT ht.student_id FROM homework_targets ht WHERE ht.homework_id = h.id AND ht.school_id = $school))
      ORDER BY st.name_${locale}, st.id`,
  ),
}

/** One VALUES row per id of a homework's link table: `INSERT INTO table (school_id, homework_id, column) VALUES ($school, $1, $2), ($school, $1, $3)…`. */
const insertLinks = (table: string, column: string) => (count: number) =>
  `INSERT INTO ${table} (school_id, homework_id, ${column}) VALUES ${Array.from({ length: count }, (_, index) => `($school, $1, $${index + 2})`).join(', ')}`

/** Its chosen students. */
export const insertTargets = insertLinks('homework_targets', 'student_id')
/** Its topics. */
export const insertTopics = insertLinks('homework_topics', 'topic_id')
