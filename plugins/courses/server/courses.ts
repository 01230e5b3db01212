import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../../contracts/api.ts'
import type { Course, CourseAttachment, CourseInput, TeacherSubject } from '../contract/courses-api.ts'
import type { AttachmentGroup } from '../../../contracts/attachments.ts'
import { ok } from '../../../contracts/envelope.ts'
import { InvalidInput, NotFound } from '../../../contracts/failures.ts'
import { requestLocale } from '../../../server/http/request.ts'
import { inSchool } from '../../../server/services/tenancy.ts'
import { Tokens } from '../../../server/services/tokens.ts'
import { deleteStoredFiles as deleteFiles } from '../../../server/uploads/streamed-upload.ts'
import { receiveLimitedUpload } from '../../../server/uploads/upload-limits.ts'
import { courseScope } from './unlisted-uploads.ts'

/*
 * As in chapters.ts: every statement binds the caller's school through inSchool, and an access
 * check binds her id as $1. A course is its author's: she reaches it while she teaches its subject
 * in one of her class rooms. A subject is school-wide (Mathematics from Grade 1 to 12), so a
 * colleague teaching it elsewhere does not see it. Anything else answers 404, so another teacher's
 * or school's ids read as none.
 * An upload belongs to its uploader until a course lists it. Lists of ids travel as JSON text
 * (one form both PGlite and PostgreSQL bind the same way).
 */
const teachesSubject = (subject: string) => `EXISTS (
  SELECT 1 FROM class_room_teachers t JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id
   WHERE t.teacher_id = $1 AND cs.subject_id = ${subject} AND t.school_id = $school AND cs.school_id = $school)`

const idsIn = (parameter: string) => `(SELECT value::int FROM jsonb_array_elements_text(${parameter}::text::jsonb))`

const courseSql = (name: 'name_en' | 'name_ar', where: string) => `
  SELECT c.id, c.subject_id AS "subjectId", s.${name} AS "subjectName", c.title, to_char(c.release_date, 'YYYY-MM-DD') AS "releaseDate", c.description
    FROM courses c JOIN subjects s ON s.id = c.subject_id
   WHERE c.created_by = $1 AND c.school_id = $school AND s.school_id = $school AND ${teachesSubject('c.subject_id')} ${where}
   ORDER BY c.release_date DESC, c.id DESC`

const attachmentColumns = `a.id, a.course_id AS "courseId", a.file_key AS "fileKey", a.file_name AS "fileName", a.file_group AS "group", a.extension,
  a.size_bytes::float8 AS size, a.width, a.height`

const sql = {
  subjects: (name: 'name_en' | 'name_ar') => `
    SELECT s.id, s.${name} AS name FROM subjects s
     WHERE s.school_id = $school AND ${teachesSubject('s.id')}
     ORDER BY s.${name}, s.id`,
  courses: (name: 'name_en' | 'name_ar', bySubject: boolean) => courseSql(name, bySubject ? 'AND c.subject_id = $2' : ''),
  course: (name: 'name_en' | 'name_ar') => courseSql(name, 'AND c.id = $2'),
  attachmentsOf: `SELECT ${attachmentColumns} FROM course_attachments a WHERE a.course_id IN ${idsIn('$1')} AND a.school_id = $school ORDER BY a.course_id, a.sort, a.id`,
  mayUseSubject: `SELECT 1 WHERE ${teachesSubject('$2')}`,
  // The listed ids the caller may attach: her own unlisted uploads, and (on an update) the course's own.
  attachable: `
    SELECT a.id FROM course_attachments a
     WHERE a.id IN ${idsIn('$2')} AND a.school_id = $school
       AND ((a.course_id IS NULL AND a.uploaded_by = $1) OR a.course_id = $3)
     FOR UPDATE`,
  insertUpload: `
    INSERT INTO course_attachments (school_id, uploaded_by, file_key, file_name, extension, file_group, size_bytes, width, height)
    VALUES ($school, $1, $2, $3, $4, $5, $6, $7, $8)
    RETURNING ${attachmentColumns.replaceAll('a.', '')}`,
  unlistedUpload: `SELECT ${attachmentColumns} FROM course_attachments a WHERE a.id = $2 AND a.uploaded_by = $1 AND a.course_id IS NULL AND a.school_id = $school`,
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

interface AttachmentRow {
  readonly id: number
  readonly courseId: number | null
  readonly fileKey: string
  readonly fileName: string
  readonly group: AttachmentGroup
  readonly extension: string
  readonly size: number
  readonly width: number | null
  readonly height: number | null
}

type CourseRow = Omit<Course, 'attachments'>

const subjectName = Effect.map(requestLocale, (locale) => (locale === 'ar' ? 'name_ar' : 'name_en') as 'name_en' | 'name_ar')

/** Runs `statement` with the caller's id as $1, then `params`. */
const asCaller = <T = Record<string, unknown>>(statement: string, ...params: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    return yield* inSchool<T>(statement, [caller.userId, ...params])
  })

const found = <T>(rows: ReadonlyArray<T>) => (rows.length === 0 ? Effect.fail(new NotFound()) : Effect.succeed(rows[0]!))

/** The answer's form of a stored attachment: its file only through a signed, expiring link. */
const toAttachment = (row: AttachmentRow) =>
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const { id, fileName, group, extension, size, width, height, fileKey } = row
    return { id, fileName, group, extension, size, width, height, url: tokens.fileLinks.sign(`/files/${fileKey}`)! } satisfies CourseAttachment
  })

const withAttachments = (courses: ReadonlyArray<CourseRow>) =>
  Effect.gen(function* () {
    if (courses.length === 0) return []
    const rows = yield* inSchool<AttachmentRow>(sql.attachmentsOf, [JSON.stringify(courses.map((course) => course.id))])
    const attachments = yield* Effect.forEach(rows, toAttachment)
    return courses.map((course): Course => ({ ...course, attachments: attachments.filter((_, index) => rows[index]!.courseId === course.id) }))
  })

const courseOfCaller = (id: number) =>
  Effect.gen(function* () {
    const course = yield* found(yield* asCaller<CourseRow>(sql.course(yield* subjectName), id))
    return (yield* withAttachments([course]))[0]!
  })

/** The subject is one she teaches and every listed attachment is hers to list (each once): else 404 / 105. */
const checkInput = (input: CourseInput, courseId: number | null) =>
  Effect.gen(function* () {
    yield* found(yield* asCaller(sql.mayUseSubject, input.subjectId))
    const unique = new Set(input.attachmentIds)
    const attachable = yield* asCaller<{ id: number }>(sql.attachable, JSON.stringify([...unique]), courseId)
    if (unique.size !== input.attachmentIds.length || attachable.length !== unique.size)
      return yield* Effect.fail(new InvalidInput({ issues: [{ field: 'attachmentIds', key: 'invalidFiles' }] }))
  })

const fieldsOf = (input: CourseInput) => [input.subjectId, input.title.trim(), input.releaseDate, input.description.trim()] as const

export const CoursesHandlers = HttpApiBuilder.group(FaslApi, 'courses', (handlers) =>
  handlers
    .handle('teacherSubjects', () =>
      Effect.gen(function* () {
        return ok(yield* asCaller<TeacherSubject>(sql.subjects(yield* subjectName)))
      }),
    )
    .handle('teacherCourses', ({ query }) =>
      Effect.gen(function* () {
        const name = yield* subjectName
        const courses =
          query.SubjectID === undefined
            ? yield* asCaller<CourseRow>(sql.courses(name, false))
            : yield* asCaller<CourseRow>(sql.courses(name, true), query.SubjectID)
        return ok(yield* withAttachments(courses))
      }),
    )
    .handle('getCourse', ({ query }) => Effect.map(courseOfCaller(query.CourseID), ok))
    .handle('uploadAttachment', ({ query, payload }) =>
      Effect.gen(function* () {
        const caller = yield* CurrentCaller
        // At most 20 of her uploads wait for a course to list them, within her day's bytes (upload-limits.ts: 156, 157).
        const row = yield* receiveLimitedUpload(
          payload,
          { folder: `courses/${caller.schoolId}`, kind: 'attachment' },
          courseScope,
          ({ key, sniffed, size, width, height }) =>
            Effect.map(
              asCaller<AttachmentRow>(sql.insertUpload, key, query.FileName.trim(), sniffed.extension, sniffed.group, size, width, height),
              (rows) => rows[0]!,
            ),
        )
        return ok(yield* toAttachment(row))
      }),
    )
    .handle('deleteUpload', ({ payload }) =>
      Effect.gen(function* () {
        const upload = yield* found(yield* asCaller<AttachmentRow>(sql.unlistedUpload, payload.id))
        yield* inSchool(sql.deleteAttachment, [upload.id])
        yield* deleteFiles([upload.fileKey])
        return ok(null)
      }),
    )
    .handle('createCourse', ({ payload }) =>
      Effect.gen(function* () {
        yield* checkInput(payload, null)
        const [created] = yield* asCaller<{ id: number }>(sql.insertCourse, ...fieldsOf(payload))
        yield* inSchool(sql.listAttachments, [created!.id, JSON.stringify(payload.attachmentIds)])
        return ok(yield* courseOfCaller(created!.id))
      }),
    )
    .handle('updateCourse', ({ payload }) =>
      Effect.gen(function* () {
        yield* courseOfCaller(payload.id)
        yield* checkInput(payload, payload.id)
        yield* inSchool(sql.updateCourse, [payload.id, ...fieldsOf(payload)])
        const dropped = yield* inSchool<{ fileKey: string }>(sql.dropUnlisted, [payload.id, JSON.stringify(payload.attachmentIds)])
        yield* inSchool(sql.listAttachments, [payload.id, JSON.stringify(payload.attachmentIds)])
        const course = yield* courseOfCaller(payload.id)
        yield* deleteFiles(dropped.map((row) => row.fileKey))
        return ok(course)
      }),
    )
    .handle('deleteCourse', ({ payload }) =>
      Effect.gen(function* () {
        yield* courseOfCaller(payload.id)
        const keys = yield* inSchool<{ fileKey: string }>(sql.courseFiles, [payload.id])
        yield* inSchool(sql.deleteCourse, [payload.id])
        yield* deleteFiles(keys.map((row) => row.fileKey))
        return ok(null)
      }),
    ),
)
