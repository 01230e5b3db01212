import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, NotFound, Unauthorized } from '../../../contracts/failures.ts'
import { Id, IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow } from '../../../contracts/api/authorization.ts'
import { CourseAttachment } from './courses-api.ts'

/** A course as its audience reads it: no audience, no draft state, and who wrote it. */
export const StudentCourse = Schema.Struct({
  id: Id,
  subjectId: Id,
  subjectName: Schema.String,
  title: Schema.String,
  /** YYYY-MM-DD, on or before the school's today. */
  releaseDate: Schema.String,
  description: Schema.String,
  teacherName: Schema.String,
  attachments: Schema.Array(CourseAttachment),
})
export type StudentCourse = typeof StudentCourse.Type

const read = { error: failures(Unauthorized, Forbidden, NotFound) } as const

/**
 * A student's courses (school service): those whose audience holds her class room, from their
 * release date on (the school's day, contract/courses.ts schoolToday). Any other course (another
 * room's, another school's, one not released yet, or none) answers 404, as if it did not exist.
 * Each attachment comes with a signed, expiring link (its download).
 */
export class StudentCoursesGroup extends HttpApiGroup.make('studentCourses')
  .add(
    HttpApiEndpoint.get('myCourses', '/Student/GetMyCourses', {
      success: Envelope(Schema.Array(StudentCourse)),
      ...read,
    }).annotateMerge(OpenApi.annotations({ description: "The courses released to the caller's class room, the latest release first." })),
    HttpApiEndpoint.get('myCourse', '/Student/GetMyCourse', {
      query: { CourseID: IdFromString },
      success: Envelope(StudentCourse),
      ...read,
    }).annotateMerge(OpenApi.annotations({ description: "One course released to the caller's class room, with its files." })),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Student'))
  .annotateMerge(OpenApi.annotations({ title: 'Student courses', description: 'A student reads and downloads the courses released to her class room' })) {}
