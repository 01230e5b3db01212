import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { largestBytesOf } from '../../../contracts/attachments.ts'
import { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { BodyLimit } from '../../../contracts/body-limit.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString, UploadFileName } from '../../../contracts/fields.ts'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { HomeworkType } from './homework.ts'
import { fileAnswerPurpose, recordedAnswerPurpose } from './upload-purposes.ts'
import {
  ClassAnswers,
  CorrectionList,
  CorrectionStep,
  ExtendDue,
  GradeAnswers,
  MarkCorrected,
  MyHomework,
  OpenHomework,
  SaveAnswers,
  StudentHomework,
  SubmissionForCorrection,
  UndoHandIn,
} from './submissions.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

/** The largest answer file (a file question's take more than a recording): the upload call's body limit. */
const largestAttachmentBytes = Math.max(largestBytesOf(fileAnswerPurpose), largestBytesOf(recordedAnswerPurpose))

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

const lazyDue = 'A due date that has passed turns work not handed in into "uncompleted" when it is next read or written (no background job).'

/**
 * A student's own homework and quizzes (school service). Only homework of her class room aimed at
 * her (the whole class room, or her among the chosen students) that has started; anything else
 * answers 404. Status moves follow machines/homework-correction.machine.ts; a refused move answers
 * its catalogue code (150 past due, 151 already handed in) and changes nothing.
 */
export class StudentHomeworkGroup extends HttpApiGroup.make('studentHomework')
  .add(
    HttpApiEndpoint.get('myHomeworks', '/Student/GetMyHomeworks', {
      query: { Type: Schema.optionalKey(HomeworkType) },
      success: Envelope(Schema.Array(MyHomework)),
      ...errors,
    }).annotateMerge(describe(`The caller's started homework and quizzes with status, her due date and (once corrected) grade; soonest due first. ${lazyDue}`)),
    HttpApiEndpoint.post('openHomework', '/Student/OpenHomework', {
      payload: OpenHomework,
      success: Envelope(StudentHomework),
      ...errors,
    })
      // Idempotent by nature: a second open changes nothing and answers what is there now, so no
      // Idempotency-Key is kept for it (a key sent anyway is ignored) and a repeat open only reads.
      .annotateMerge(
        describe(
          `Idempotent: opening again changes nothing, so it takes no Idempotency-Key. The homework as she answers it: no right answers, re-arrange items and connect sides in her own order, which only the server can work out (the same every time). Opening it the first time moves it from not viewed to in progress. Once corrected it carries the grade and comments; a handed-in training quiz carries the right answers. ${lazyDue}`,
        ),
      ),
    HttpApiEndpoint.post('saveHomeworkDraft', '/Student/SaveHomeworkDraft', {
      payload: SaveAnswers,
      success: Envelope(StudentHomework),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Keeps her answers so far (they replace the stored ones). `version` is the one she read; work that moved on since answers 139. Only before her due date (150) and before handing in (151). File and audio answers name only her own uploads for that homework and question (UploadAnswerFile); any other id answers 105 on `answers.<question>.fileIds` / `.recordingId`.',
        ),
      ),
    HttpApiEndpoint.post('uploadAnswerFile', '/Student/UploadAnswerFile', {
      query: { HomeworkID: IdFromString, QuestionID: ItemKey, FileName: UploadFileName },
      payload: HttpApiSchema.StreamUint8Array({ maxBytes: largestAttachmentBytes }),
      success: Envelope(AnswerFile),
      ...errors,
    })
      // Streamed to the file store, never held whole, so no Idempotency-Key (as Courses/UploadAttachment):
      // a retried upload leaves one file no answer names, deleted after a day.
      .annotate(BodyLimit, {
        maxBytes: largestAttachmentBytes - 1,
        field: 'file',
        key: 'fileSizeExceeded',
        values: { kind: 'video', max: largestAttachmentBytes / 1024 / 1024 },
      })
      .annotateMerge(
        describe(
          `One file of her answer to a file-upload question (type 9) or her recording for an audio question (type 10), as the raw request body (application/octet-stream), streamed to storage. Only for her own homework while she may still answer it (150 past due, 151 handed in); another homework or a question of another type answers 404 / 105. The type is read from the bytes: for type 9 the course attachments' types and limits (PDF, DOC, DOCX, AVI, MP4, MOV, WEBM, JPG, PNG, MP3; images under 10 MB with both sides over 400 px, anything else under 200 MB), for type 10 a browser's recording (WebM, Ogg or MP4 audio) under ${recordedAnswerPurpose.maxBytes.audio / 1024 / 1024} MB. Answers the stored file; SaveHomeworkDraft or SubmitHomework then names it in the answer (fileIds, recordingId). One no saved answer names within a day is deleted.`,
        ),
      ),
    HttpApiEndpoint.post('submitHomework', '/Student/SubmitHomework', {
      payload: SaveAnswers,
      success: Envelope(StudentHomework),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Hands in these answers: every automatically gradable answer is scored and the sum stored as a provisional grade, until the teacher marks it corrected. Same rules as SaveHomeworkDraft, but after the due date a homework that accepts late work (`lateWork`) takes it, marked late.',
        ),
      ),
    HttpApiEndpoint.post('undoHandIn', '/Student/UndoHandIn', {
      payload: UndoHandIn,
      success: Envelope(StudentHomework),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Takes her hand-in back (Classroom\'s "unsubmit"): the work returns to in progress with her answers, no longer counted as handed in. Only before her due date (170), while the teacher has marked nothing (171), and when handing in showed her neither a result nor the right answers (172); work not handed in answers 173. `version` as read (139 otherwise).',
        ),
      ),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateEndpointsMerge(allow('Student'))
  .annotateMerge(OpenApi.annotations({ title: 'Student homework', description: 'A student answers her homework and quizzes and sees her grades' })) {}

/** The grade book as a CSV file, with a header naming it as an attachment. */
const GradeBookCsv = HttpApiSchema.WithHeaders(Schema.String.pipe(HttpApiSchema.asText({ contentType: 'text/csv; charset=utf-8' })), {
  'content-disposition': Schema.String,
})

/**
 * The correction of a homework by a teacher of its class room (not only its author): the list of
 * targeted students, one student's work, grading, marking corrected and reopening, and the class
 * room's grade book. Any other class room, homework or student answers 404. Refused status moves
 * answer 152 (not handed in and not past due), 153 (already corrected), 154 (not corrected).
 */
export class HomeworkCorrectionGroup extends HttpApiGroup.make('homeworkCorrection')
  .add(
    HttpApiEndpoint.get('correctionList', '/HomeWork/GetHomeworkSubmissions', {
      query: { HomeworkID: IdFromString },
      success: Envelope(CorrectionList),
      ...errors,
    }).annotateMerge(describe(`Every targeted student, also those who have not opened it yet (not viewed), with status and grade. ${lazyDue}`)),
    HttpApiEndpoint.get('classAnswers', '/HomeWork/GetHomeworkClassAnswers', {
      query: { HomeworkID: IdFromString },
      success: Envelope(ClassAnswers),
      ...errors,
    }).annotateMerge(
      describe(
        `The work there is to correct (handed in, or past due with answers saved), for the correction screen to pre-score the class off the page: the questions with their right answers and each such student's answers, in the list's order, as one class batch (format 5, documented in contracts/questions/class-batch.ts), its bytes in base64. ${lazyDue}`,
      ),
    ),
    HttpApiEndpoint.get('submissionForCorrection', '/HomeWork/GetStudentSubmission', {
      query: { HomeworkID: IdFromString, StudentID: IdFromString },
      success: Envelope(SubmissionForCorrection),
      ...errors,
    }).annotateMerge(
      describe("One student's work: the whole questions with their right answers, her answers, the automatic scores and the teacher's reviews."),
    ),
    HttpApiEndpoint.post('gradeAnswers', '/HomeWork/GradeSubmission', {
      payload: GradeAnswers,
      success: Envelope(SubmissionForCorrection),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Scores answers by hand (from 0 to the question's degree; it overrides the automatic score) and comments on them and on the whole work. Work handed in or past due only; `version` as read (139 otherwise).",
        ),
      ),
    HttpApiEndpoint.post('markCorrected', '/HomeWork/MarkSubmissionCorrected', {
      payload: MarkCorrected,
      success: Envelope(SubmissionForCorrection),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Marks the work corrected ("done"): the grade is the sum of the question scores, the teacher\'s first; the student sees it from then on. `reviews` and `comment`, when given, are the marks and comments not saved yet, applied as GradeSubmission applies them in the same write: a mark that is not valid answers 105 naming it (`reviews.<index>.score`) and nothing changes.',
        ),
      ),
    HttpApiEndpoint.post('reopenCorrection', '/HomeWork/ReopenSubmissionCorrection', {
      payload: CorrectionStep,
      success: Envelope(SubmissionForCorrection),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Takes corrected work back to correct it again (ready, or uncompleted when it was never handed in); the student no longer sees a grade until it is marked corrected again.',
        ),
      ),
    HttpApiEndpoint.post('extendDue', '/HomeWork/ExtendStudentDueDate', {
      payload: ExtendDue,
      success: Envelope(SubmissionForCorrection),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Gives one student aimed at by the homework her own later due date (after now and after the homework's due date for her, 105 on `dueAt` otherwise; a later call replaces it). Work past its due date and not handed in goes back to being answered. Refused once her work is handed in or marked (174) or the right answers were released to her (175). With the answers released after the due date, nobody sees them before the last student's due date.",
        ),
      ),
    HttpApiEndpoint.get('gradeBookCsv', '/HomeWork/ExportGradeBook', {
      query: { ClassRoomID: IdFromString, SubjectID: Schema.optionalKey(IdFromString) },
      success: GradeBookCsv,
      ...errors,
    }).annotateMerge(
      describe(
        "The class room's homework grades as a CSV file (UTF-8 with a byte-order mark, headings in the caller's language): one row per student, one column per homework, oldest due first; a grade is there once corrected.",
      ),
    ),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'Homework correction', description: "Teachers correct their class rooms' homework and export the grades" })) {}
