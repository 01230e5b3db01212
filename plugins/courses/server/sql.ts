/*
 * The teacher's statements (courses.ts). Every statement binds the caller's school through inSchool
 * ($school), and an access check binds her id as $1. A course is its author's: she reaches it while
 * she teaches its subject in one of her class rooms. A subject is school-wide (Mathematics from
 * Grade 1 to 12), so a colleague teaching it elsewhere does not see it. Anything else answers 404,
 * so another teacher's or school's ids read as none.
 * An upload belongs to its uploader until a course lists it. Lists of ids travel as JSON text (one
 * form both PGlite and PostgreSQL bind the same way).
 */
import type { NameColumns } from './course-reads.ts'

/** The ids of a JSON array parameter, as a row set. */
export const idsIn = (parameter: string) => `(SELECT value::int FROM jsonb_array_elements_text(${parameter}::text::jsonb))`

const teachesSubject = (subject: string) => `EXISTS (
  SELECT 1 FROM class_room_teachers t JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id
   WHERE t.teacher_id = $1 AND cs.subject_id = ${subject} AND t.school_id = $school AND cs.school_id = $school)`

const courseSql = (names: NameColumns, where: string) => `
  SELECT c.id, c.subject_id AS "subjectId", s.name_${names} AS "subjectName", c.title, to_char(c.release_date, 'YYYY-MM-DD') AS "releaseDate", c.description
    FROM courses c JOIN subjects s ON s.id = c.subject_id
   WHERE c.created_by = $1 AND c.school_id = $school AND s.school_id = $school AND ${teachesSubject('c.subject_id')} ${where}
   ORDER BY c.release_date DESC, c.id DESC`

export const sql = {
  /** The subjects she teaches, each with her class rooms that have it (a course's audience is chosen among them). */
  subjects: (names: NameColumns) => `
    SELECT s.id, s.name_${names} AS name,
           jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name_${names}, 'division', r.division_${names})
                     ORDER BY r.name_${names}, r.division_${names}, r.id) AS "classRooms"
      FROM subjects s
      JOIN class_room_subjects cs ON cs.subject_id = s.id
      JOIN class_room_teachers t ON t.class_room_id = cs.class_room_id
      JOIN class_rooms r ON r.id = cs.class_room_id
     WHERE t.teacher_id = $1 AND s.school_id = $school AND cs.school_id = $school AND t.school_id = $school AND r.school_id = $school
     GROUP BY s.id, s.name_${names}
     ORDER BY s.name_${names}, s.id`,
  courses: (names: NameColumns, bySubject: boolean) => courseSql(names, bySubject ? 'AND c.subject_id = $2' : ''),
  course: (names: NameColumns) => courseSql(names, 'AND c.id = $2'),
  mayUseSubject: `SELECT 1 WHERE ${teachesSubject('$2')}`,
  /** Of the listed class rooms ($3), those she teaches that have subject $2: the audience she may choose. */
  audienceAllowed: `
    SELECT DISTINCT cs.class_room_id AS id FROM class_room_subjects cs JOIN class_room_teachers t ON t.class_room_id = cs.class_room_id
     WHERE t.teacher_id = $1 AND cs.subject_id = $2 AND cs.class_room_id IN ${idsIn('$3')} AND cs.school_id = $school AND t.school_id = $school`,
  dropAudience: 'DELETE FROM course_class_rooms WHERE course_id = $1 AND school_id = $school',
  addAudience: 'INSERT INTO course_class_rooms (school_id, course_id, class_room_id) VALUES ($school, $1, $2)',
  // The listed ids the caller may attach: her own unlisted uploads, and (on an update) the course's own.
  attachable: `
    SELECT a.id FROM course_attachments a
     WHERE a.id IN ${idsIn('$2')} AND a.school_id = $school
       AND ((a.course_id IS NULL AND a.uploaded_by = $1) OR a.course_id = $3)
     FOR UPDATE`,
  insertUpload: (columns: string) => `
    INSERT INTO course_attachments (school_id, uploaded_by, file_key, file_name, extension, file_group, size_bytes, width, height)
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7, $8)
    RETURNING ${columns.replaceAll('a.', '')}`,
  unlistedUpload: (columns: string) =>
    `SELECT ${columns} FROM course_attachments a WHERE a.id = $2 AND a.uploaded_by = $1 AND a.course_id IS NULL AND a.school_id = $school`,
  deleteAttachment: 'DELETE FROM course_attachments WHERE id = $1 AND school_id = $school',
  insertCourse: `
    INSERT INTO courses (school_id, subject_id, title, release_date, description, created_by) VALUES ($school, $2, $3, $4::date, $5, $1)
    RETURNING id`,
  updateCourse: `UPDATE courses SET subject_id = $2, title = $3, release_date = $4::date, description = $5, updated_at = now() WHERE id = $1 AND school_id = $school`,
  // The course's attachments in the listed order; those it listed before and no longer does are returned to be deleted.
  listAttachments: `
    UPDATE course_attachments SET course_id = $1, sort = array_position(ARRAY(SELECT value::int FROM jsonb_array_elements_text($2::text::jsonb)), id)
     WHERE id IN ${idsIn('$2')} AND school_id = $school`,
  dropUnlisted: `DELETE FROM course_attachments WHERE course_id = $1 AND id NOT IN ${idsIn('$2')} AND school_id = $school RETURNING file_key AS "fileKey"`,
  courseFiles: 'SELECT file_key AS "fileKey" FROM course_attachments WHERE course_id = $1 AND school_id = $school',
  deleteCourse: 'DELETE FROM courses WHERE id = $1 AND school_id = $school',
}
