import { Effect } from 'effect'
import { asCaller } from '../../../server/services/tenancy.ts'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../contracts/api.ts'
import { ok } from '../../../contracts/envelope.ts'
import type { StudentCourse } from '../contract/student-courses-api.ts'
import { attachmentsOfCourses, namesOfCaller, today, type NameColumns } from './course-reads.ts'
import { found } from '../../../server/db/found.ts'

/*
 * A student reads a course while its audience holds her class room (the students row linked to her
 * account, $1) and its release date ($2, the school's day) has come. Another room's, another
 * school's or a future course reads as none (404). Her files come as signed, expiring links, as the
 * teacher's do; the file route checks the link (server/http/stored-files.ts).
 * The course's author need not still teach the room: a course stays with the class it was given
 * to, as a post stays in a class stream when its teacher moves on.
 */
const releasedToCaller = (names: NameColumns, where: string) => `
  SELECT c.id, c.subject_id AS "subjectId", s.name_${names} AS "subjectName", c.title, to_char(c.release_date, 'YYYY-MM-DD') AS "releaseDate",
         c.description, u.first_name || ' ' || u.last_name AS "teacherName"
    FROM students st
    JOIN course_class_rooms cr ON cr.class_room_id = st.class_room_id
    JOIN courses c ON c.id = cr.course_id
    JOIN subjects s ON s.id = c.subject_id
    JOIN users u ON u.id = c.created_by
   WHERE st.user_id = $1 AND c.release_date <= $2::date ${where}
     AND st.school_id = $school AND cr.school_id = $school AND c.school_id = $school AND s.school_id = $school AND u.school_id = $school
   ORDER BY c.release_date DESC, c.id DESC`

type StudentCourseRow = Omit<StudentCourse, 'attachments'>

const withAttachments = (courses: ReadonlyArray<StudentCourseRow>) =>
  Effect.map(attachmentsOfCourses(courses.map((course) => course.id)), (attachments) =>
    courses.map((course): StudentCourse => ({ ...course, attachments: attachments(course.id) })),
  )

export const StudentCoursesHandlers = HttpApiBuilder.group(FaslApi, 'studentCourses', (handlers) =>
  handlers
    .handle('myCourses', () =>
      Effect.gen(function* () {
        const rows = yield* asCaller<StudentCourseRow>(releasedToCaller(yield* namesOfCaller, ''), yield* today)
        return ok(yield* withAttachments(rows))
      }),
    )
    .handle('myCourse', ({ query }) =>
      Effect.gen(function* () {
        const row = yield* found(yield* asCaller<StudentCourseRow>(releasedToCaller(yield* namesOfCaller, 'AND c.id = $3'), yield* today, query.CourseID))
        return ok((yield* withAttachments([row]))[0]!)
      }),
    ),
)
