import { Schema } from 'effect'
import { Id, type ValidationAnnotation } from '../../../contracts/fields.ts'
import { Submission } from '../../../contracts/questions/question.ts'
import { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { DateTime } from '../../homework/contract/homework.ts'

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

/**
 * The take-exam flow: a student's exams, her single-use link, her attempt. The server owns the clock:
 * every answer carries `serverNow`, and the page counts down from `deadlineAt` against it.
 */

/** What a school does not set itself (no row in exam_school_settings). */
export const takeExamDefaults = {
  /**
   * Answers given before the deadline while offline are accepted when they arrive at most this long
   * after it (the outbox sends them on reconnect); later ones answer 193.
   */
  offlineGraceSeconds: 120,
} as const

/** A link's token: 32 bytes of HMAC in base64url, made by the server (take-exam/links.ts). */
export const ExamLinkToken = Schema.String.annotate(validation({ key: 'malformed' })).check(
  Schema.isPattern(/^[A-Za-z0-9_-]{43}$/u, validation({ key: 'malformed' })),
)

/**
 * The device's key: a random id the page keeps in localStorage per account (so a reload or a
 * second tab of the same device continues, another device or browser does not).
 */
export const DeviceKey = Schema.String.annotate(validation({ key: 'malformed' })).check(
  Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/u, validation({ key: 'malformed' })),
)

/** Her attempt as her exam list shows it; finished includes a deadline that has passed. */
export const AttemptState = Schema.Literals(['notStarted', 'inProgress', 'finished'])
export type AttemptState = typeof AttemptState.Type

/** An exam aimed at the caller, with her link. */
export const MyExam = Schema.Struct({
  examId: Id,
  title: Schema.String,
  subjectName: Schema.String,
  startsAt: Schema.String,
  endsAt: Schema.String,
  durationMinutes: Schema.Number,
  questionCount: Schema.Number,
  totalDegree: Schema.Number,
  attempt: AttemptState,
  /** Her deadline once started. */
  deadlineAt: Schema.NullOr(Schema.String),
  /** Her single-use link's token (the page's /exams/take/{token}); null once it cannot open any more. */
  token: Schema.NullOr(Schema.String),
})
export type MyExam = typeof MyExam.Type

export const MyExams = Schema.Struct({ exams: Schema.Array(MyExam), serverNow: Schema.String })
export type MyExams = typeof MyExams.Type

/** The link and this device: what every take-exam call names. */
export const ExamLink = Schema.Struct({ token: ExamLinkToken, deviceKey: DeviceKey })
export type ExamLink = typeof ExamLink.Type

/** The start instructions: read without starting anything. */
export const ExamInstructions = Schema.Struct({
  examId: Id,
  title: Schema.String,
  subjectName: Schema.String,
  durationMinutes: Schema.Number,
  /** Her accommodation: extra time as a percentage of the duration (0 without one). */
  extraTimePercent: Schema.Number,
  questionCount: Schema.Number,
  /** Her questions' keys in the order she will see them (no content): the page's navigation is set up before she starts. */
  questionKeys: Schema.Array(Schema.String),
  totalDegree: Schema.Number,
  endsAt: Schema.String,
  /** Her deadline: the one she has when started on this device, else the one starting now would give. */
  deadlineAt: Schema.String,
  /** Started on this device already: opening continues it. */
  started: Schema.Boolean,
  serverNow: Schema.String,
})
export type ExamInstructions = typeof ExamInstructions.Type

/** Her attempt as she answers it: questions in her own order, never an answer key. */
export const ExamSession = Schema.Struct({
  examId: Id,
  title: Schema.String,
  subjectName: Schema.String,
  totalDegree: Schema.Number,
  startedAt: Schema.String,
  deadlineAt: Schema.String,
  serverNow: Schema.String,
  /** Her deadline has passed: the attempt counts as finished (answers given before it may still arrive within the grace period). */
  timeUp: Schema.Boolean,
  graceSeconds: Schema.Number,
  questions: Schema.Array(StudentQuestion),
  answers: Submission,
  markedForReview: Schema.Array(Schema.String),
  /** The files her answers name (file upload, recording), each with a signed link she may open. */
  answerFiles: Schema.Array(AnswerFile),
})
export type ExamSession = typeof ExamSession.Type

/** Her answers so far (they replace the stored ones), given at `givenAt` by the server's clock as her page keeps it. */
export const SaveExamAnswers = Schema.Struct({
  token: ExamLinkToken,
  deviceKey: DeviceKey,
  answers: Submission,
  markedForReview: Schema.Array(ItemKey).check(Schema.isMaxLength(500, validation({ key: 'itemsAtMost', values: { max: 500 } }))),
  givenAt: DateTime,
})
export type SaveExamAnswers = typeof SaveExamAnswers.Type

export const SavedExamAnswers = Schema.Struct({ savedAt: Schema.String, deadlineAt: Schema.String, serverNow: Schema.String, finished: Schema.Boolean })
export type SavedExamAnswers = typeof SavedExamAnswers.Type
