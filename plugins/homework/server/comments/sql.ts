import type { Locale } from '../../../../contracts/errors.ts'
import { isoOf } from '../homework/sql.ts'

/** A thread's statements; the caller's user id is $1 (asCaller, server/services/tenancy.ts). */

const threadOf = (
  locale: Locale,
) => `SELECT c.id, c.from_student AS "fromStudent", c.author_id = $1 AS mine, c.body AS text, ${isoOf('c.created_at')} AS "postedAt",
    CASE WHEN c.from_student THEN st.name_${locale} ELSE u.first_name || ' ' || u.last_name END AS "authorName"
  FROM homework_private_comments c
  JOIN users u ON u.id = c.author_id AND u.school_id = $school
  JOIN students st ON st.id = c.student_id AND st.school_id = $school
  WHERE c.school_id = $school AND c.homework_id = $2 AND c.student_id = $3
  ORDER BY c.id`

export const commentsSql = {
  /** The thread on student $3's work on homework $2, oldest first. */
  thread: { en: threadOf('en'), ar: threadOf('ar') },
  /** Adds the caller's comment ($4 from the student, $5 the text, $6 the time) to the thread on student $3's work on homework $2. */
  insert: `INSERT INTO homework_private_comments (school_id, homework_id, student_id, author_id, from_student, body, created_at)
    VALUES ($school, $2, $3, $1, $4, $5, $6::text::timestamptz) RETURNING id`,
  /**
   * Who reads student $2's thread besides the caller: the student (when she has an account) and the
   * teachers of class room $3 who correct homework: the Assignments role, which no roles at all
   * give too (contracts/roles.ts effectiveRoles: the default teacher's roles); names compare without case.
   */
  otherReaders: `SELECT st.user_id::text AS "userId" FROM students st WHERE st.id = $2 AND st.school_id = $school AND st.user_id IS NOT NULL AND st.user_id <> $1
    UNION
    SELECT t.teacher_id::text FROM class_room_teachers t JOIN users u ON u.id = t.teacher_id AND u.school_id = $school
      WHERE t.class_room_id = $3 AND t.school_id = $school AND (jsonb_array_length(u.roles) = 0 OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(u.roles) r(role) WHERE lower(r.role) = 'assignments')) AND t.teacher_id <> $1`,
} as const

export interface CommentRow {
  readonly id: number
  readonly fromStudent: boolean
  readonly mine: boolean
  readonly text: string
  readonly postedAt: string
  readonly authorName: string
}
