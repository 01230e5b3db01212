import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { AttachmentGroupSchema, largestBytesOf } from '../../../contracts/attachments.ts'
import { noBidiControls } from '../../../contracts/bidi.ts'
import { BodyLimit, fileUploadLimit } from '../../../contracts/body-limit.ts'
import { courseRules, isCalendarDate } from './courses.ts'
import { courseAttachmentCount, courseAttachmentPurpose } from './upload-purposes.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { Id, IdFromString, MultilineText, Text, UploadFileName } from '../../../contracts/fields.ts'
import type { ValidationKey } from '../../../contracts/validation.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

const validation = (key: ValidationKey, values?: Readonly<Record<string, number>>) => ({ validation: values === undefined ? { key } : { key, values } })
const trimmedLength = (value: string) => [...value.trim()].length

const Title = Text.check(
  Schema.makeFilter<string>((value) => value.trim() !== '', validation('required')),
  Schema.makeFilter<string>(
    (value) => value.trim() === '' || (trimmedLength(value) >= courseRules.titleMin && trimmedLength(value) <= courseRules.titleMax),
    validation('lengthBetween', { min: courseRules.titleMin, max: courseRules.titleMax }),
  ),
  noBidiControls,
)

const Description = MultilineText.check(
  Schema.makeFilter<string>((value) => value.trim() !== '', validation('required')),
  Schema.makeFilter<string>((value) => trimmedLength(value) < courseRules.descriptionUnder, validation('lengthUnder', { max: courseRules.descriptionUnder })),
)

const ReleaseDate = Text.check(
  Schema.makeFilter<string>((value) => value !== '', validation('required')),
  Schema.makeFilter<string>((value) => value === '' || isCalendarDate(value), validation('dateInvalid')),
).annotate({ description: 'A date, YYYY-MM-DD' })

/** The largest course attachment: its upload call's body limit. */
const largestAttachmentBytes = largestBytesOf(courseAttachmentPurpose)

const AttachmentIds = Schema.Array(Id).check(
  Schema.makeFilter<ReadonlyArray<number>>((ids) => ids.length >= courseAttachmentCount.minFiles, validation('attachmentsRequired')),
  Schema.makeFilter<ReadonlyArray<number>>(
    (ids) => ids.length <= courseAttachmentCount.maxFiles,
    validation('tooManyFiles', { max: courseAttachmentCount.maxFiles }),
  ),
)

/** A stored attachment. `url` is a signed, expiring link (server/auth/file-links.ts), handed only to those who may see the file. */
export const CourseAttachment = Schema.Struct({
  id: Id,
  fileName: Schema.String,
  group: AttachmentGroupSchema,
  extension: Schema.String,
  size: Schema.Number,
  width: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  url: Schema.String,
})
export type CourseAttachment = typeof CourseAttachment.Type

/** A class room of a course's audience, named in the caller's language (the client shows "Grade 4 – A"). */
export const AudienceClassRoom = Schema.Struct({ id: Id, name: Schema.String, division: Schema.String })
export type AudienceClassRoom = typeof AudienceClassRoom.Type

export const Course = Schema.Struct({
  id: Id,
  subjectId: Id,
  subjectName: Schema.String,
  title: Schema.String,
  /** YYYY-MM-DD */
  releaseDate: Schema.String,
  /** Whether the release date has come in the school's time zone (contract/courses.ts schoolToday): its audience reads it. */
  released: Schema.Boolean,
  description: Schema.String,
  /** Its audience: the class rooms whose students read it from its release date on. */
  classRooms: Schema.Array(AudienceClassRoom),
  attachments: Schema.Array(CourseAttachment),
})
export type Course = typeof Course.Type

/** A subject the teacher teaches, with the class rooms of hers that have it: what a course's audience is chosen among. */
export const TeacherSubject = Schema.Struct({ id: Id, name: Schema.String, classRooms: Schema.Array(AudienceClassRoom) })
export type TeacherSubject = typeof TeacherSubject.Type

const ClassRoomIds = Schema.Array(Id)
  .check(
    Schema.makeFilter<ReadonlyArray<number>>((ids) => ids.length >= 1, validation('classRoomsRequired')),
    Schema.makeFilter<ReadonlyArray<number>>((ids) => ids.length <= courseRules.classRoomsMax, validation('itemsAtMost', { max: courseRules.classRoomsMax })),
  )
  .annotate({ description: "The audience: the ids of the caller's class rooms that have the subject, 1 to 50" })

export const CourseInput = Schema.Struct({
  subjectId: Id,
  title: Title,
  releaseDate: ReleaseDate,
  description: Description,
  classRoomIds: ClassRoomIds,
  attachmentIds: AttachmentIds,
})
export type CourseInput = typeof CourseInput.Type

const read = { error: failures(Unauthorized, Forbidden, NotFound) } as const
const write = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

/**
 * Courses of a subject (school service): a title, a release date, a description, its audience (1 to
 * 50 of her class rooms that have the subject) and 1 to 20 attachments. A teacher reads and changes
 * the courses she wrote, of the subjects she teaches in one of her class rooms; any other course,
 * subject or attachment (another teacher's, another school's, or none) answers 404, a class room
 * not hers or without the subject 105 on classRoomIds. Files go up one per call, streamed
 * (UploadAttachment), before the course that lists them is saved. Students read courses through
 * their own group (student-courses-api.ts).
 */
export class CoursesGroup extends HttpApiGroup.make('courses')
  .add(
    HttpApiEndpoint.get('teacherSubjects', '/Courses/GetTeacherSubjects', {
      success: Envelope(Schema.Array(TeacherSubject)),
      ...read,
    }).annotateMerge(
      OpenApi.annotations({
        description:
          "The subjects the caller teaches in any of her class rooms, named in her language, each with those class rooms (a course's audience is chosen among them).",
      }),
    ),
    HttpApiEndpoint.get('teacherCourses', '/Courses/GetTeacherCourses', {
      query: { SubjectID: Schema.optional(IdFromString) },
      success: Envelope(Schema.Array(Course)),
      ...read,
    }).annotateMerge(OpenApi.annotations({ description: 'Courses of the subjects the caller teaches (of one, with SubjectID), the latest release first.' })),
    HttpApiEndpoint.get('getCourse', '/Courses/GetCourse', {
      query: { CourseID: IdFromString },
      success: Envelope(Course),
      ...read,
    }),
    HttpApiEndpoint.post('uploadAttachment', '/Courses/UploadAttachment', {
      query: { FileName: UploadFileName },
      // One byte over the largest limit: the handler's own count refuses first, naming the file's kind.
      payload: HttpApiSchema.StreamUint8Array({ maxBytes: largestAttachmentBytes }),
      success: Envelope(CourseAttachment),
      ...write,
    })
      // The body is streamed to the file store, never held whole: its Idempotency-Key could not be
      // bound to a hash of it. A retried upload leaves one unused file, removed with the unused ones.
      .annotate(BodyLimit, fileUploadLimit(courseAttachmentPurpose))
      .annotateMerge(
        OpenApi.annotations({
          description:
            'One attachment as the raw request body (application/octet-stream), streamed to storage. Its type is read from its bytes (PDF, DOC, DOCX, AVI, MP4, MOV, WEBM, JPG, PNG, MP3); images under 10 MB with both sides over 400 px, anything else under 200 MB. Answers the stored attachment, which Create or Update then lists; one not listed within a day is deleted.',
        }),
      ),
    HttpApiEndpoint.post('deleteUpload', '/Courses/DeleteUpload', {
      payload: Schema.Struct({ id: Id }),
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        OpenApi.annotations({ description: "Deletes one of the caller's uploads that no course lists yet (a file taken off the form before saving)." }),
      ),
    HttpApiEndpoint.post('createCourse', '/Courses/Create', {
      payload: CourseInput,
      success: Envelope(Course),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader),
    HttpApiEndpoint.post('updateCourse', '/Courses/Update', {
      payload: Schema.Struct({ id: Id, ...CourseInput.fields }),
      success: Envelope(Course),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(OpenApi.annotations({ description: 'Replaces the fields and the list of attachments; attachments no longer listed are deleted.' })),
    HttpApiEndpoint.post('deleteCourse', '/Courses/Delete', {
      payload: Schema.Struct({ id: Id }),
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(OpenApi.annotations({ description: 'Deletes the course and its attachments.' })),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Courses'))
  .annotateMerge(OpenApi.annotations({ title: 'Courses', description: 'Courses of a subject with their attachments' })) {}
