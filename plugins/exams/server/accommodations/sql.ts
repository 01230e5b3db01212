import type { Locale } from '../../../../contracts/errors.ts'

/** The caller's user id is $1 (asCaller) where a statement checks she teaches the student's class room. */
const teaches = (classRoom: string) =>
  `EXISTS (SELECT 1 FROM class_room_teachers t WHERE t.teacher_id = $1 AND t.class_room_id = ${classRoom} AND t.school_id = $school)`

const studentsOf = (locale: Locale) => `
  SELECT s.id AS "studentId", s.name_${locale} AS name, COALESCE(a.extra_time_percent, 0) AS "extraTimePercent"
  FROM students s
  LEFT JOIN exam_accommodations a ON a.student_id = s.id AND a.school_id = $school
  WHERE s.class_room_id = $1 AND s.school_id = $school
  ORDER BY s.name_${locale}, s.id`

const upsert = (locale: Locale) => `
  WITH saved AS (
    INSERT INTO exam_accommodations (school_id, student_id, extra_time_percent, set_by)
    SELECT $school, s.id, $3, $1 FROM students s WHERE s.id = $2 AND s.school_id = $school AND ${teaches('s.class_room_id')}
    ON CONFLICT (student_id) DO UPDATE SET extra_time_percent = EXCLUDED.extra_time_percent, set_by = EXCLUDED.set_by, updated_at = now()
    RETURNING student_id, extra_time_percent
  )
  SELECT s.id AS "studentId", s.name_${locale} AS name, saved.extra_time_percent AS "extraTimePercent"
  FROM saved JOIN students s ON s.id = saved.student_id AND s.school_id = $school`

export const accommodationsSql = {
  teachesClassRoom: `SELECT 1 WHERE ${teaches('$2')}`,
  /** The class room ($1) is one the caller teaches (checked before). */
  studentsOf: { en: studentsOf('en'), ar: studentsOf('ar') } satisfies Record<Locale, string>,
  /** Upserts her extra time when the caller teaches her class room and answers it with her name; no row otherwise. */
  upsert: { en: upsert('en'), ar: upsert('ar') } satisfies Record<Locale, string>,
}
