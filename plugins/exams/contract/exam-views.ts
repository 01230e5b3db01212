import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import { Question } from '../../../contracts/questions/question.ts'
import { CorrectorsMode, CorrectorStatus, ExamStatus, ExamTarget, ExamTiming, ExamType, QuestionOrder } from './exam.ts'

/** What the server answers about exams. Dates are UTC ISO instants; names are in the caller's language. */

/** One corrector of an exam, with her share and her own status. */
export const ExamCorrector = Schema.Struct({
  correctorId: Schema.String,
  name: Schema.String,
  percentage: Schema.Number,
  status: CorrectorStatus,
  /** The supervising corrector's reason when her status requires an edit. */
  statusReason: Schema.NullOr(Schema.String),
})
export type ExamCorrector = typeof ExamCorrector.Type

/** The whole exam, questions and answer key included: for its author, the supervising correctors and its correctors. */
export const FixedExamDetails = Schema.Struct({
  id: Id,
  teacherId: Schema.String,
  teacherName: Schema.String,
  title: Schema.String,
  subjectId: Id,
  stageId: Id,
  examType: ExamType,
  training: Schema.Boolean,
  timing: ExamTiming,
  questionOrder: QuestionOrder,
  startsAt: Schema.String,
  endsAt: Schema.String,
  durationMinutes: Schema.Number,
  questionCount: Schema.Number,
  totalDegree: Schema.Number,
  questions: Schema.Array(Question),
  target: ExamTarget,
  correctorsMode: CorrectorsMode,
  markDifferenceThreshold: Schema.NullOr(Schema.Number),
  correctors: Schema.Array(ExamCorrector),
  status: ExamStatus,
  /** The supervising corrector's reason when it requires an edit or was rejected. */
  statusReason: Schema.NullOr(Schema.String),
  /** Assigned to students (or later): its questions, question count and total degree are fixed. */
  questionsLocked: Schema.Boolean,
  /** A paper is graded: the correctors mode can no longer be converted. */
  anyPaperGraded: Schema.Boolean,
  /** Bumped on every change; send it back with UpdateFixedExam and UpdateCorrectors. */
  version: Schema.Number,
  createdAt: Schema.String,
  updatedAt: Schema.String,
})
export type FixedExamDetails = typeof FixedExamDetails.Type

/**
 * One exam as its details page reads it (Exams/GetTeacherExamInfo): the whole exam, and the names
 * its ids stand for in the caller's language (its subject, grade, class rooms and targeted students).
 */
export const ExamInfo = Schema.Struct({
  ...FixedExamDetails.fields,
  subjectName: Schema.String,
  stageName: Schema.String,
  /** The class rooms it is for (with targeted students: theirs), by name. */
  classRoomNames: Schema.Array(Schema.String),
  /** The targeted students by name (none when it is for whole class rooms). */
  studentNames: Schema.Array(Schema.String),
})
export type ExamInfo = typeof ExamInfo.Type

/** A line of an exam list. */
export const ExamSummary = Schema.Struct({
  id: Id,
  title: Schema.String,
  subjectId: Id,
  subjectName: Schema.String,
  stageId: Id,
  stageName: Schema.String,
  teacherId: Schema.String,
  teacherName: Schema.String,
  examType: ExamType,
  training: Schema.Boolean,
  timing: ExamTiming,
  startsAt: Schema.String,
  endsAt: Schema.String,
  durationMinutes: Schema.Number,
  questionCount: Schema.Number,
  totalDegree: Schema.Number,
  correctorsMode: CorrectorsMode,
  status: ExamStatus,
  statusReason: Schema.NullOr(Schema.String),
  targetKind: Schema.Literals(['classes', 'students']),
  /** The class rooms it is for (with targeted students: theirs), by name. */
  classRoomNames: Schema.Array(Schema.String),
  /** Its correctors, by name, in the teacher's order. */
  correctorNames: Schema.Array(Schema.String),
  version: Schema.Number,
})
export type ExamSummary = typeof ExamSummary.Type

/** A line of the corrector's list: the exam, and her share and status on it. */
export const CorrectorExamSummary = Schema.Struct({
  ...ExamSummary.fields,
  correctorStatus: CorrectorStatus,
  correctorStatusReason: Schema.NullOr(Schema.String),
  percentage: Schema.Number,
})
export type CorrectorExamSummary = typeof CorrectorExamSummary.Type

/** A teacher who may correct: of the school, holding the Exams role. */
export const CorrectorCandidate = Schema.Struct({ id: Schema.String, name: Schema.String })
export type CorrectorCandidate = typeof CorrectorCandidate.Type

/** The exam's correctors as its author or a supervising corrector edits them (UpdateCorrectors). */
export const ExamCorrectorsForEdit = Schema.Struct({
  examId: Id,
  version: Schema.Number,
  status: ExamStatus,
  correctorsMode: CorrectorsMode,
  markDifferenceThreshold: Schema.NullOr(Schema.Number),
  correctors: Schema.Array(ExamCorrector),
  /** The school's teachers who may be named. */
  candidates: Schema.Array(CorrectorCandidate),
  anyPaperGraded: Schema.Boolean,
})
export type ExamCorrectorsForEdit = typeof ExamCorrectorsForEdit.Type
