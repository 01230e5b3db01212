import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { largestBytesOf } from '../../../contracts/attachments.ts'
import { BodyLimit, fileUploadLimit } from '../../../contracts/body-limit.ts'
import { ClassRoomStudent } from '../../classroom/contract/class-room.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { Id, IdFromString, UploadFileName } from '../../../contracts/fields.ts'
import { HomeworkFile } from './materials.ts'
import { homeworkAttachmentPurpose } from './upload-purposes.ts'
import {
  BooleanFromString,
  ClassRoomHomeworkDetails,
  DateOnly,
  HomeworkClone,
  HomeworkDetails,
  HomeworkEdit,
  HomeworkInsert,
  HomeworkSaved,
  HomeworkSummary,
  HomeworkType,
} from './homework.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

const read = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const
const write = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

/** The largest homework file: its upload call's body limit. */
const largestAttachmentBytes = largestBytesOf(homeworkAttachmentPurpose)

/**
 * Homework and quizzes (school service, supplementary spec §7 "Homework"). A teacher works in the
 * class rooms she teaches, with the subjects of those class rooms; only the author of a homework
 * reads it for editing, edits, clones or deletes it. Any other class room, homework, subject or
 * student (another teacher's, another school's, or none) answers 404 or 105 on the field, so
 * another school's ids are indistinguishable from none. Every rule of plugins/homework/contract/homework.ts and
 * plugins/homework/contract/homework-rules.ts is checked again on the server (105 naming each field).
 */
export class HomeworkGroup extends HttpApiGroup.make('homework')
  .add(
    HttpApiEndpoint.post('insertHomework', '/HomeWork/InsertHomeWork', {
      payload: HomeworkInsert,
      success: Envelope(HomeworkSaved),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Saves a homework or quiz for a class room. When the class room already has homework due the same day (the caller\'s day, X-Timezone-Offset), it is still saved and `warning` says so (code 146, "homework already exists for the class").',
        ),
      ),
    HttpApiEndpoint.post('editHomework', '/HomeWork/EditHomeWork', {
      payload: HomeworkEdit,
      success: Envelope(HomeworkDetails),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          '`version` is the one the edit was made against; a homework that moved on since answers code 139 and is not changed. Once a student has answered, the type, quiz mode, subject, questions and total degree are fixed (105 on those fields) and students who answered stay targeted.',
        ),
      ),
    HttpApiEndpoint.post('removeHomework', '/HomeWork/RemoveHomeWork', {
      payload: Schema.Struct({ id: Id }),
      query: { forceDelete: Schema.optionalKey(BooleanFromString) },
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Deletes a homework. When students have already answered it, answers code 145 and deletes nothing unless `forceDelete=true` (then their answers go too).',
        ),
      ),
    HttpApiEndpoint.post('cloneHomework', '/HomeWork/CloneHomework', {
      payload: HomeworkClone,
      success: Envelope(HomeworkSaved),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Copies one of the caller's homework (questions, texts, type) into a class room she teaches, for the whole class, with the new start and due dates (required), under its own title when one is given. Chapter and topic are kept when the subject stays the same. Warns like InsertHomeWork.",
        ),
      ),
    HttpApiEndpoint.post('uploadAttachment', '/HomeWork/UploadAttachment', {
      query: { FileName: UploadFileName },
      // One byte over the largest limit: the handler's own count refuses first, naming the file's kind.
      payload: HttpApiSchema.StreamUint8Array({ maxBytes: largestAttachmentBytes }),
      success: Envelope(HomeworkFile),
      ...write,
    })
      // Streamed to the file store, never held whole: no Idempotency-Key (a retry leaves one unused file, removed with the unused ones).
      .annotate(BodyLimit, fileUploadLimit(homeworkAttachmentPurpose))
      .annotateMerge(
        describe(
          "One file of a homework (a worksheet, instructions) as the raw request body (application/octet-stream), streamed to storage, with the course attachments' types and sizes. Answers the stored file, which InsertHomeWork or EditHomeWork then list in `materials.fileIds`; one not listed within a day is deleted.",
        ),
      ),
    HttpApiEndpoint.post('deleteAttachmentUpload', '/HomeWork/DeleteAttachmentUpload', {
      payload: Schema.Struct({ id: Id }),
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe("Deletes one of the caller's uploads that no homework lists yet (a file taken off the form before saving).")),
    HttpApiEndpoint.get('teacherHomeworkForEdit', '/HomeWork/GetTeacherHomeworkDetailsForEdit', {
      query: { HomeworkID: IdFromString },
      success: Envelope(HomeworkDetails),
      ...read,
    }).annotateMerge(describe('The whole homework, answers and degrees included, for its author.')),
    HttpApiEndpoint.get('classRoomHomeworkForEdit', '/HomeWork/GetClassRoomHomeworkDetailsForEdit', {
      query: { HomeworkID: IdFromString, ClassRoomID: IdFromString },
      success: Envelope(ClassRoomHomeworkDetails),
      ...read,
    }).annotateMerge(describe("The homework of that class room, for its author, with each targeted student's status, due date and grade.")),
    HttpApiEndpoint.get('classRoomHomeworks', '/HomeWork/GetClassRoomHomeworks', {
      query: { ClassRoomID: IdFromString, SubjectID: Schema.optionalKey(IdFromString), Type: Schema.optionalKey(HomeworkType) },
      success: Envelope(Schema.Array(HomeworkSummary)),
      ...read,
    }).annotateMerge(describe("Every homework and quiz of a class room the caller teaches (any teacher's), latest due first.")),
    HttpApiEndpoint.get('classRoomHomeworksForFetch', '/HomeWork/GetClassRoomHomeworksForFetch', {
      query: { ClassRoomID: IdFromString, StartDate: DateOnly, EndDate: DateOnly, SubjectID: Schema.optionalKey(IdFromString) },
      success: Envelope(Schema.Array(HomeworkSummary)),
      ...read,
    }).annotateMerge(
      describe(
        "The caller's own homework, from any of her class rooms, starting between StartDate and EndDate (both days included, UTC, required, at most 366 days apart) whose subject is taught in ClassRoomID: the ones she may clone into it.",
      ),
    ),
    HttpApiEndpoint.get('classRoomStudents', '/ClassRoom/GetClassRoomStudents', {
      query: { ClassRoomID: IdFromString },
      success: Envelope(Schema.Array(ClassRoomStudent)),
      ...read,
    })
      .annotateMerge(describe("The students of a class room the caller teaches, by name in the caller's language, with a signed link to each photo."))
      // The class-room page (Home) lists them too, not only the homework pages.
      .annotateMerge(requireRole('Home', 'Assignments')),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'Homework', description: 'Homework and quizzes of a class room, and its students' })) {}
