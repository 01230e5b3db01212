import { Schema } from 'effect'
import { examStatuses } from '../../../machines/exam-lifecycle.machine.ts'
import { noBidiControls } from '../../../contracts/bidi.ts'
import { Id, IntegerInRange, MultilineText, Text, UserId, type ValidationAnnotation } from '../../../contracts/fields.ts'
import { Question } from '../../../contracts/questions/question.ts'

/**
 * A fixed exam as the builder sends it (supplementary spec §3 "Exam": title, subject, type, timing,
 * grade, classes or targeted students, questions sort, correctors mode, correctors with a percentage
 * each, start and end time, duration, question count, total degree). Field-level rules live in these
 * schemas (105 when decoding fails); the rules that span fields are `checkExam` (exam-rules.ts), run
 * by the builder and re-run by the server.
 */

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

export const examLimits = {
  /** As homework's title (spec: 3 to 60 characters, counted once trimmed). */
  title: { min: 3, max: 60 },
  /** Not in the spec: enough for any school exam, and keeps a request well under the 1 MB body limit. */
  maxQuestions: 150,
  /** Not in the spec: ten hours is longer than any sitting. */
  durationMinutes: { min: 1, max: 600 },
  /** Not in the spec: the students of a few class rooms. */
  maxStudents: 500,
  maxClassRooms: 30,
  /** Not in the spec: more markers than that is not a school's practice. */
  maxCorrectors: 10,
  /** Not in the spec: a supervisor's reason is a short note. */
  reason: { min: 1, max: 500 },
} as const

const trimmedLength = (value: string) => [...value.trim()].length
const notBlank = Schema.makeFilter<string>((value) => value.trim() !== '', validation({ key: 'required' }))

/** 3 to 60 characters once trimmed, not only spaces, one line, no bidirectional controls. */
export const ExamTitle = Text.check(
  notBlank,
  Schema.makeFilter<string>(
    (value) => trimmedLength(value) >= examLimits.title.min && trimmedLength(value) <= examLimits.title.max,
    validation({ key: 'lengthBetween', values: examLimits.title }),
  ),
  noBidiControls,
)

/** The supervising corrector's reason for requiring an edit or rejecting: not blank, at most 500 characters. */
export const ExamReason = MultilineText.check(
  notBlank,
  Schema.makeFilter<string>((value) => trimmedLength(value) <= examLimits.reason.max, validation({ key: 'lengthBetween', values: examLimits.reason })),
)

/** Spec §9: monthly, midterm, final; their training variants are `training: true`. */
export const ExamType = Schema.Literals(['monthly', 'midterm', 'final'])
export type ExamType = typeof ExamType.Type

/** A fixed day (the window within 24 hours) or a range of days. */
export const ExamTiming = Schema.Literals(['fixedDay', 'range'])
export type ExamTiming = typeof ExamTiming.Type

/** Questions sort: shuffled per student, or the same order for everyone. */
export const QuestionOrder = Schema.Literals(['random', 'same'])
export type QuestionOrder = typeof QuestionOrder.Type

/** Split: each corrector marks her percentage of the papers. Double: every corrector marks every paper; the mark is the percentage-weighted sum. */
export const CorrectorsMode = Schema.Literals(['split', 'double'])
export type CorrectorsMode = typeof CorrectorsMode.Type

/** The exam's statuses (spec §4): the lifecycle machine's, which the migration's CHECK names too. */
export const ExamStatus = Schema.Literals(examStatuses)
export type ExamStatus = typeof ExamStatus.Type

/** A corrector's own status on one exam (spec §4), as machines/exam-corrector.machine.ts names them. */
export const correctorStatuses = ['notAssigned', 'assigned', 'waitingForApproval', 'approved', 'requiredEdit', 'inProgress'] as const
export const CorrectorStatus = Schema.Literals(correctorStatuses)
export type CorrectorStatus = typeof CorrectorStatus.Type

/** An instant with its offset, ISO 8601 (`2026-11-24T08:00:00Z`, `…+02:00`), years 1900 to 2999; the server answers UTC. */
const isoInstant = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/u
const realDay = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) === value.slice(0, 10)
export const ExamInstant = Schema.String.annotate({
  ...validation({ key: 'examTimeInvalid' }),
  description: 'An ISO 8601 instant with its offset, e.g. 2026-11-24T08:00:00Z',
}).check(
  Schema.makeFilter<string>((value) => isoInstant.test(value) && realDay(value) && Number.isFinite(Date.parse(value)), validation({ key: 'examTimeInvalid' })),
)

const atMost = (max: number) => Schema.isMaxLength(max, validation({ key: 'itemsAtMost', values: { max } }))

/** Every student of the chosen class rooms (of the exam's grade, where the teacher teaches its subject). */
export const ClassRoomsTarget = Schema.Struct({ kind: Schema.Literal('classes'), classRoomIds: Schema.Array(Id).check(atMost(examLimits.maxClassRooms)) })
/** Chosen students of such class rooms. */
export const StudentsTarget = Schema.Struct({ kind: Schema.Literal('students'), studentIds: Schema.Array(Id).check(atMost(examLimits.maxStudents)) })
export const ExamTarget = Schema.Union([ClassRoomsTarget, StudentsTarget])
export type ExamTarget = typeof ExamTarget.Type

const percentageMessage = validation({ key: 'percentageRule' })
/** Above 0, at most 100; halves and fractions allowed (the shares must total exactly 100). */
export const Percentage = Schema.Number.annotate(percentageMessage).check(
  Schema.isFinite(percentageMessage),
  Schema.makeFilter<number>((value) => value > 0 && value <= 100, percentageMessage),
)

/** One corrector (a teacher of the school holding the Exams role) with her share. */
export const ExamCorrectorInput = Schema.Struct({ correctorId: UserId, percentage: Percentage })
export type ExamCorrectorInput = typeof ExamCorrectorInput.Type

const thresholdMessage = validation({ key: 'markThresholdRule' })
/** Double marking: a question whose markers' scores differ by more than this goes to the supervising corrector. */
export const MarkDifferenceThreshold = Schema.Number.annotate(thresholdMessage).check(
  Schema.isFinite(thresholdMessage),
  Schema.makeFilter<number>((value) => value >= 0 && value <= 1000, thresholdMessage),
)

/** How the papers are shared and marked: the builder's correctors step, and UpdateCorrectors. */
export const correctorsFields = {
  correctorsMode: CorrectorsMode,
  /** Required in double marking; ignored (stored as none) in split. */
  markDifferenceThreshold: Schema.optionalKey(Schema.NullOr(MarkDifferenceThreshold)),
  /** Their percentages total 100. */
  correctors: Schema.Array(ExamCorrectorInput).check(atMost(examLimits.maxCorrectors)),
}

const wholeNumber = (range: { readonly min: number; readonly max: number }) => IntegerInRange(range)

/** What the teacher writes; the same for create and update. */
export const examContentFields = {
  title: ExamTitle,
  subjectId: Id,
  /** The grade (educational stage) the exam is for. */
  stageId: Id,
  examType: ExamType,
  /** The training variant of its type: students practise, the marks count for nothing. */
  training: Schema.Boolean,
  timing: ExamTiming,
  questionOrder: QuestionOrder,
  startsAt: ExamInstant,
  /** After `startsAt`; within 24 hours of it for a fixed day. */
  endsAt: ExamInstant,
  /** Each student's time once she opens it; fits between start and end. */
  durationMinutes: wholeNumber(examLimits.durationMinutes),
  /** Must equal the number of questions (sent so a form that counted wrong is told). */
  questionCount: wholeNumber({ min: 1, max: examLimits.maxQuestions }),
  /** Must equal the sum of the questions' degrees. */
  totalDegree: Schema.Number.annotate(validation({ key: 'malformed' })).check(Schema.isFinite(validation({ key: 'malformed' }))),
  /** The questions (contracts/questions), each with its degree; at least one. Fixed once the exam is assigned. */
  questions: Schema.Array(Question).check(atMost(examLimits.maxQuestions)),
  target: ExamTarget,
  ...correctorsFields,
}

export const FixedExamCreate = Schema.Struct(examContentFields)
export type FixedExamCreate = typeof FixedExamCreate.Type

/** An update carries the `version` it was made against; an exam that moved on since answers code 139 and is not changed. */
export const FixedExamUpdate = Schema.Struct({ examId: Id, version: Id, ...examContentFields })
export type FixedExamUpdate = typeof FixedExamUpdate.Type

export const ExamIdBody = Schema.Struct({ examId: Id })

export const CorrectorsUpdate = Schema.Struct({ examId: Id, version: Id, ...correctorsFields })
export type CorrectorsUpdate = typeof CorrectorsUpdate.Type

/**
 * An approval step: the teacher sends her draft (or the exam that requires an edit) for approval
 * (`submit`) or takes it back to draft to change it (`withdraw`); the supervising corrector approves,
 * requires an edit (with a reason) or rejects (with a reason).
 */
export const ApprovalDecision = Schema.Literals(['submit', 'withdraw', 'approve', 'requireEdit', 'reject'])
export type ApprovalDecision = typeof ApprovalDecision.Type
export const ApprovalUpdate = Schema.Struct({ examId: Id, decision: ApprovalDecision, reason: Schema.optionalKey(Schema.NullOr(ExamReason)) })
export type ApprovalUpdate = typeof ApprovalUpdate.Type

/** A corrector accepts or declines correcting an exam (declining with a reason, if she likes). */
export const CorrectorResponse = Schema.Struct({ examId: Id, accept: Schema.Boolean, reason: Schema.optionalKey(Schema.NullOr(ExamReason)) })
export type CorrectorResponse = typeof CorrectorResponse.Type

/** The supervising corrector approves a corrector who accepted, or requires an edit of her share or her being there (with a reason). */
export const CorrectorDecision = Schema.Literals(['approve', 'requireEdit'])
export type CorrectorDecision = typeof CorrectorDecision.Type
export const CorrectorApprovalUpdate = Schema.Struct({
  examId: Id,
  correctorId: UserId,
  decision: CorrectorDecision,
  reason: Schema.optionalKey(Schema.NullOr(ExamReason)),
})
export type CorrectorApprovalUpdate = typeof CorrectorApprovalUpdate.Type

/** The teacher's list tabs: upcoming (not yet under correction), under correction, previous (done or published). */
export const TeacherExamsTab = Schema.Literals(['upcoming', 'underCorrection', 'previous'])
export type TeacherExamsTab = typeof TeacherExamsTab.Type
export const TeacherExamsQuery = Schema.Struct({ tab: Schema.optionalKey(TeacherExamsTab), status: Schema.optionalKey(ExamStatus) })
/** The supervising corrector's list: waiting for approval unless another status is asked for. */
export const AssignedExamsQuery = Schema.Struct({ status: Schema.optionalKey(ExamStatus) })
export const CorrectorExamsQuery = Schema.Struct({ status: Schema.optionalKey(CorrectorStatus) })
