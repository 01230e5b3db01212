import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../../contracts/api.ts'
import type { Course, CourseInput, TeacherSubject } from '../contract/courses-api.ts'
import { ok } from '../../../contracts/envelope.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { inSchool, asCaller } from '../../../server/services/tenancy.ts'
import { deleteStoredFiles as deleteFiles } from '../../../server/uploads/streamed-upload.ts'
import { receiveLimitedUpload } from '../../../server/uploads/upload-limits.ts'
import { found } from '../../../server/db/found.ts'
import { attachmentColumns, attachmentsOfCourses, audienceOfCourses, namesOfCaller, refuse, toAttachment, today, type AttachmentRow } from './course-reads.ts'
import { sql } from './sql.ts'
import { courseAttachmentPurpose } from '../contract/upload-purposes.ts'

/* The teacher's courses: who reaches what is said in sql.ts; the student's side is student-courses.ts. */

type CourseRow = Omit<Course, 'attachments' | 'classRooms' | 'released'>

/** Courses as answered: their audience, whether released (the school's day), and their attachments. */
const completed = (courses: ReadonlyArray<CourseRow>) =>
  Effect.gen(function* () {
    const ids = courses.map((course) => course.id)
    const attachments = yield* attachmentsOfCourses(ids)
    const audience = yield* audienceOfCourses(ids)
    const day = yield* today
    return courses.map((course): Course => ({
      ...course,
      released: course.releaseDate <= day,
      classRooms: audience(course.id),
      attachments: attachments(course.id),
    }))
  })

const courseOfCaller = (id: number) =>
  Effect.gen(function* () {
    const course = yield* found(yield* asCaller<CourseRow>(sql.course(yield* namesOfCaller), id))
    return (yield* completed([course]))[0]!
  })

/**
 * The subject is one she teaches (else 404); the audience is class rooms of hers that have it, each
 * once, and every listed attachment is hers to list, each once (else 105 naming the list).
 */
const checkInput = (input: CourseInput, courseId: number | null) =>
  Effect.gen(function* () {
    yield* found(yield* asCaller(sql.mayUseSubject, input.subjectId))
    const issues: Issue[] = []
    const rooms = new Set(input.classRoomIds)
    const allowed = yield* asCaller<{ id: number }>(sql.audienceAllowed, input.subjectId, JSON.stringify([...rooms]))
    if (rooms.size !== input.classRoomIds.length) issues.push({ field: 'classRoomIds', key: 'duplicateItem' })
    else if (allowed.length !== rooms.size) issues.push({ field: 'classRoomIds', key: 'classRoomNotTaught' })
    const files = new Set(input.attachmentIds)
    const attachable = yield* asCaller<{ id: number }>(sql.attachable, JSON.stringify([...files]), courseId)
    if (files.size !== input.attachmentIds.length || attachable.length !== files.size) issues.push({ field: 'attachmentIds', key: 'invalidFiles' })
    if (issues.length > 0) return yield* refuse(issues)
  })

const fieldsOf = (input: CourseInput) => [input.subjectId, input.title.trim(), input.releaseDate, input.description.trim()] as const

/** The audience as listed (an update replaces it). */
const writeAudience = (courseId: number, classRoomIds: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    yield* inSchool(sql.dropAudience, [courseId])
    yield* Effect.forEach(classRoomIds, (classRoomId) => inSchool(sql.addAudience, [courseId, classRoomId]), { discard: true })
  })

export const CoursesHandlers = HttpApiBuilder.group(FaslApi, 'courses', (handlers) =>
  handlers
    .handle('teacherSubjects', () =>
      Effect.gen(function* () {
        return ok(yield* asCaller<TeacherSubject>(sql.subjects(yield* namesOfCaller)))
      }),
    )
    .handle('teacherCourses', ({ query }) =>
      Effect.gen(function* () {
        const names = yield* namesOfCaller
        const courses =
          query.SubjectID === undefined
            ? yield* asCaller<CourseRow>(sql.courses(names, false))
            : yield* asCaller<CourseRow>(sql.courses(names, true), query.SubjectID)
        return ok(yield* completed(courses))
      }),
    )
    .handle('getCourse', ({ query }) => Effect.map(courseOfCaller(query.CourseID), ok))
    .handle('uploadAttachment', ({ query, payload }) =>
      Effect.gen(function* () {
        const caller = yield* CurrentCaller
        // At most 20 of her uploads wait for a course to list them, within her day's bytes (upload-limits.ts: 156, 157).
        const row = yield* receiveLimitedUpload(
          payload,
          { purpose: courseAttachmentPurpose, key: [], folder: `courses/${caller.schoolId}` },
          ({ key, sniffed, size, width, height }) =>
            Effect.map(
              asCaller<AttachmentRow>(sql.insertUpload(attachmentColumns), key, query.FileName.trim(), sniffed.extension, sniffed.group, size, width, height),
              (rows) => rows[0]!,
            ),
        )
        return ok(yield* toAttachment(row))
      }),
    )
    .handle('deleteUpload', ({ payload }) =>
      Effect.gen(function* () {
        const upload = yield* found(yield* asCaller<AttachmentRow>(sql.unlistedUpload(attachmentColumns), payload.id))
        yield* inSchool(sql.deleteAttachment, [upload.id])
        yield* deleteFiles([upload.fileKey])
        return ok(null)
      }),
    )
    .handle('createCourse', ({ payload }) =>
      Effect.gen(function* () {
        yield* checkInput(payload, null)
        const [created] = yield* asCaller<{ id: number }>(sql.insertCourse, ...fieldsOf(payload))
        yield* writeAudience(created!.id, payload.classRoomIds)
        yield* inSchool(sql.listAttachments, [created!.id, JSON.stringify(payload.attachmentIds)])
        return ok(yield* courseOfCaller(created!.id))
      }),
    )
    .handle('updateCourse', ({ payload }) =>
      Effect.gen(function* () {
        yield* courseOfCaller(payload.id)
        yield* checkInput(payload, payload.id)
        yield* inSchool(sql.updateCourse, [payload.id, ...fieldsOf(payload)])
        yield* writeAudience(payload.id, payload.classRoomIds)
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
