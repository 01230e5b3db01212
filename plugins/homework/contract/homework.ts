import { Schema } from 'effect'
import { Id, MultilineText, Text, type ValidationAnnotation } from '../../../contracts/fields.ts'
import { noBidiControls } from '../../../contracts/bidi.ts'
import { ClassRoomStudent } from '../../classroom/contract/class-room.ts'
import { Question } from '../../../contracts/questions/question.ts'
import { AnswersRelease } from './answers-release.ts'
import { LateWork } from './late-work.ts'
import { HomeworkMaterials, HomeworkMaterialsInput } from './materials.ts'

/**
 * Homework and quizzes as they cross the wire (supplementary spec §3: "Homework or quiz: title,
 * type, quiz mode, total degree, start and due date, target (whole class or custom students,
 * custom date), questions"). Field-level rules live in these schemas (the server answers 105 when
 * decoding fails); the rules that span fields are `checkHomework` (homework-rules.ts), run by the
 * form and re-run by the server.
 */

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

export const homeworkLimits = {
  /** Spec: homework title 3 to 60 characters (counted once trimmed). */
  title: { min: 3, max: 60 },
  /** Spec: homework text 50 to 1000 characters (counted once trimmed). */
  text: { min: 50, max: 1000 },
  /** Not in the spec: enough for any homework, and keeps a request well under the 1 MB body limit. */
  maxQuestions: 100,
  /** Not in the spec: a teacher picks students of one class room; 200 is more than any room holds. */
  maxStudents: 200,
  /** Not in the spec: the fetch range is at most one year and a day. */
  maxFetchDays: 366,
  /** Not in the spec: the topics one homework is tagged with; a chapter seldom has more. */
  maxTopics: 20,
} as const

const trimmedLength = (value: string) => [...value.trim()].length

const lengthBetween = (range: { readonly min: number; readonly max: number }) =>
  Schema.makeFilter<string>(
    (value) => trimmedLength(value) >= range.min && trimmedLength(value) <= range.max,
    validation({ key: 'lengthBetween', values: range }),
  )

const notBlank = Schema.makeFilter<string>((value) => value.trim() !== '', validation({ key: 'required' }))

/** 3 to 60 characters once trimmed, not only spaces, one line, no bidirectional controls. */
export const HomeworkTitle = Text.check(notBlank, lengthBetween(homeworkLimits.title), noBidiControls)
/** 50 to 1000 characters once trimmed; several lines allowed. */
export const HomeworkText = MultilineText.check(notBlank, lengthBetween(homeworkLimits.text))

export const HomeworkType = Schema.Literals(['homework', 'quiz'])
export type HomeworkType = typeof HomeworkType.Type

/** Spec §9: quiz modes training, exam, multiple, general; a quiz has one, a homework none. */
export const QuizMode = Schema.Literals(['training', 'exam', 'multiple', 'general'])
export type QuizMode = typeof QuizMode.Type

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30), years 1900 to 2999. */
const isoDay = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/u
export const isRealDay = (value: string) => isoDay.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value

/**
 * An instant with its offset, ISO 8601 (`2026-11-24T08:00:00Z`, `2026-11-24T10:00:00+02:00`).
 * The server stores and answers it in UTC (`…Z`). Years 1900 to 2999: the database has no year 0,
 * and no homework is set further away.
 */
const isoInstant = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/u
export const DateTime = Schema.String.annotate({
  ...validation({ key: 'dateTimeInvalid' }),
  description: 'An ISO 8601 instant with its offset, e.g. 2026-11-24T08:00:00Z',
}).check(
  // The day must exist: the engine would roll 2026-02-30 over to March, the database refuses it.
  Schema.makeFilter<string>(
    (value) => isoInstant.test(value) && isRealDay(value.slice(0, 10)) && Number.isFinite(Date.parse(value)),
    validation({ key: 'dateTimeInvalid' }),
  ),
)

export const DateOnly = Schema.String.annotate({ ...validation({ key: 'dateInvalid' }), description: 'A calendar day, YYYY-MM-DD' }).check(
  Schema.makeFilter<string>(isRealDay, validation({ key: 'dateInvalid' })),
)

/** A query-string boolean: `true` or `false`. */
export const BooleanFromString = Schema.Literals(['true', 'false']).annotate(validation({ key: 'malformed' }))

/** The whole class room, or chosen students of it (with an optional own due date for them). */
export const WholeClassTarget = Schema.Struct({ kind: Schema.Literal('class') })
export const StudentsTarget = Schema.Struct({
  kind: Schema.Literal('students'),
  studentIds: Schema.Array(Id).check(
    Schema.isMaxLength(homeworkLimits.maxStudents, validation({ key: 'itemsAtMost', values: { max: homeworkLimits.maxStudents } })),
  ),
  /** The spec's "custom date": the chosen students' own due date and time; absent or null = the homework's. */
  customDueAt: Schema.optionalKey(Schema.NullOr(DateTime)),
})
export const HomeworkTarget = Schema.Union([WholeClassTarget, StudentsTarget])
export type HomeworkTarget = typeof HomeworkTarget.Type

/** What the teacher writes; the same for insert and edit. */
export const homeworkContentFields = {
  subjectId: Id,
  /** Optional chapter of the subject (plugins/classroom/contract/chapters-api.ts). */
  chapterId: Schema.optionalKey(Schema.NullOr(Id)),
  /** The topics of that chapter the homework is tagged with, each once; absent = `topicId`'s one topic, or none. */
  topicIds: Schema.optionalKey(
    Schema.Array(Id).check(Schema.isMaxLength(homeworkLimits.maxTopics, validation({ key: 'itemsAtMost', values: { max: homeworkLimits.maxTopics } }))),
  ),
  /** One topic of that chapter, as clients before `topicIds` send it; read only when `topicIds` is absent. */
  topicId: Schema.optionalKey(Schema.NullOr(Id)),
  title: HomeworkTitle,
  text: HomeworkText,
  type: HomeworkType,
  /** Required for a quiz; absent or null for a homework. */
  quizMode: Schema.optionalKey(Schema.NullOr(QuizMode)),
  /** When students see the right answers; absent = on insert the default for its type (answers-release.ts), on edit unchanged. */
  answersRelease: Schema.optionalKey(AnswersRelease),
  /** Whether work handed in after the due date is accepted (marked late); absent = on insert `closed`, on edit unchanged (late-work.ts). */
  lateWork: Schema.optionalKey(LateWork),
  /** The questions (contracts/questions), each with its degree; at least one. */
  questions: Schema.Array(Question).check(
    Schema.isMaxLength(homeworkLimits.maxQuestions, validation({ key: 'itemsAtMost', values: { max: homeworkLimits.maxQuestions } })),
  ),
  /** Must equal the sum of the questions' degrees (sent so a form that added up wrong is told). */
  totalDegree: Schema.Number.annotate(validation({ key: 'malformed' })).check(Schema.isFinite(validation({ key: 'malformed' }))),
  startsAt: DateTime,
  /** After `startsAt`. */
  dueAt: DateTime,
  target: HomeworkTarget,
  /** Its files (her uploads' ids) and links, shown to its students from its start (materials.ts); absent = on insert none, on edit unchanged. */
  materials: Schema.optionalKey(HomeworkMaterialsInput),
}

export const HomeworkInsert = Schema.Struct({ classRoomId: Id, ...homeworkContentFields })
export type HomeworkInsert = typeof HomeworkInsert.Type

/**
 * An edit carries the `version` it was made against; when the homework moved on since, the server
 * answers code 139 (changed elsewhere) and changes nothing. The class room is fixed once created.
 */
export const HomeworkEdit = Schema.Struct({ id: Id, version: Id, ...homeworkContentFields })
export type HomeworkEdit = typeof HomeworkEdit.Type

export const HomeworkClone = Schema.Struct({
  homeworkId: Id,
  /** The class room the copy is for (one the caller teaches; the same or another). */
  classRoomId: Id,
  /** The copy's subject; absent = the original's (it must be taught in that class room). */
  subjectId: Schema.optionalKey(Id),
  /** The copy's title; absent = the original's. A new one tells the copies apart in lists and the grade book. */
  title: Schema.optionalKey(HomeworkTitle),
  /** Spec: start and end dates are required to clone. */
  startsAt: DateTime,
  dueAt: DateTime,
})
export type HomeworkClone = typeof HomeworkClone.Type

/**
 * A student's work on a homework (the homework correction machine of DESIGN.md):
 * not viewed → in progress → ready (handed in) / uncompleted (due passed unfinished) → done (corrected).
 */
export const SubmissionStatus = Schema.Literals(['not_viewed', 'in_progress', 'ready', 'uncompleted', 'done'])
export type SubmissionStatus = typeof SubmissionStatus.Type

/** Each status as message keys and the correction machine spell it (`not_viewed` → `notViewed`). */
export const submissionStatusNames = {
  not_viewed: 'notViewed',
  in_progress: 'inProgress',
  ready: 'ready',
  uncompleted: 'uncompleted',
  done: 'done',
} as const satisfies Record<SubmissionStatus, string>

/** The homework as stored, answered to its author for editing. Dates are UTC ISO instants. */
export const HomeworkDetails = Schema.Struct({
  id: Id,
  classRoomId: Id,
  subjectId: Id,
  chapterId: Schema.NullOr(Id),
  /** Its topics, in the chapter's order (their ids). */
  topicIds: Schema.Array(Id),
  /** The first of `topicIds` (or null), for clients before `topicIds`. */
  topicId: Schema.NullOr(Id),
  teacherId: Schema.String,
  title: Schema.String,
  text: Schema.String,
  type: HomeworkType,
  quizMode: Schema.NullOr(QuizMode),
  answersRelease: AnswersRelease,
  lateWork: LateWork,
  questions: Schema.Array(Question),
  totalDegree: Schema.Number,
  startsAt: Schema.String,
  dueAt: Schema.String,
  target: HomeworkTarget,
  /** Its files, each with a signed link, and its links, in the teacher's order. */
  materials: HomeworkMaterials,
  /** Bumped on every edit; send it back with EditHomeWork. */
  version: Schema.Number,
  /** Students who started or handed in (status past not viewed); once above 0 the questions are fixed and deleting asks for forceDelete. */
  answeredCount: Schema.Number,
  createdAt: Schema.String,
  updatedAt: Schema.String,
})
export type HomeworkDetails = typeof HomeworkDetails.Type

/** A line of a homework list. Names are in the caller's language. */
export const HomeworkSummary = Schema.Struct({
  id: Id,
  classRoomId: Id,
  classRoomName: Schema.String,
  subjectId: Id,
  subjectName: Schema.String,
  /** The chapter it is filed under (null: none) and its topics' names, in the chapter's order: the subject panel lists homework by chapter. */
  chapterId: Schema.NullOr(Id),
  chapterName: Schema.NullOr(Schema.String),
  topicNames: Schema.Array(Schema.String),
  teacherName: Schema.String,
  /** Written by the caller (only the author edits, clones from or deletes it). */
  isMine: Schema.Boolean,
  title: Schema.String,
  type: HomeworkType,
  quizMode: Schema.NullOr(QuizMode),
  questionCount: Schema.Number,
  totalDegree: Schema.Number,
  startsAt: Schema.String,
  dueAt: Schema.String,
  targetKind: Schema.Literals(['class', 'students']),
  /** Targeted students, and how many of them are past each status. */
  studentCount: Schema.Number,
  /** Opened it (past not viewed): a draft counts, so this is not "handed in". */
  answeredCount: Schema.Number,
  /** Handed it in (corrected or not). */
  handedInCount: Schema.Number,
  /** Saved answers and are still answering: drafts started, not handed in. */
  draftCount: Schema.Number,
  correctedCount: Schema.Number,
})
export type HomeworkSummary = typeof HomeworkSummary.Type

/**
 * The spec's "homework already exists for the class": InsertHomeWork and CloneHomework still save,
 * and answer this warning (code 146, in the caller's language) when the class room already has
 * homework due the same day (the caller's day, from the X-Timezone-Offset header).
 */
export const HomeworkWarning = Schema.Struct({
  code: Schema.Literal(146),
  message: Schema.String,
  /** The other homework due that day. */
  homeworkIds: Schema.Array(Id),
})
export type HomeworkWarning = typeof HomeworkWarning.Type

export const HomeworkSaved = Schema.Struct({ homework: HomeworkDetails, warning: Schema.NullOr(HomeworkWarning) })
export type HomeworkSaved = typeof HomeworkSaved.Type

/** A targeted student with their work on one homework. */
export const HomeworkStudent = Schema.Struct({
  ...ClassRoomStudent.fields,
  status: SubmissionStatus,
  /** This student's due date and time (the custom date when set). */
  dueAt: Schema.String,
  grade: Schema.NullOr(Schema.Number),
  submittedAt: Schema.NullOr(Schema.String),
  correctedAt: Schema.NullOr(Schema.String),
})
export type HomeworkStudent = typeof HomeworkStudent.Type

export const ClassRoomHomeworkDetails = Schema.Struct({ homework: HomeworkDetails, students: Schema.Array(HomeworkStudent) })
export type ClassRoomHomeworkDetails = typeof ClassRoomHomeworkDetails.Type
