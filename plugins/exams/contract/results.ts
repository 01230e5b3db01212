import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import { CorrectorsMode, ExamStatus } from './exam.ts'

/**
 * An exam's results (issue 22 "Correction and results"): per class room and student the final mark
 * (split mode: her corrector's marks; double marking: the markers' scores weighted by their
 * percentages, the supervisor's settled scores winning), per question the facility and the
 * discrimination index; and a student's own published results.
 */

export const StudentResult = Schema.Struct({
  studentId: Id,
  studentName: Schema.String,
  /** False when she never started the exam: absent, no mark. */
  attempted: Schema.Boolean,
  finalMark: Schema.NullOr(Schema.Number),
})
export type StudentResult = typeof StudentResult.Type

export const ClassRoomResults = Schema.Struct({
  classRoomId: Id,
  classRoomName: Schema.String,
  /** The mean final mark of those who sat it, or null when nobody did. */
  average: Schema.NullOr(Schema.Number),
  students: Schema.Array(StudentResult),
})

/**
 * One question over everyone who sat the exam: facility = mean score ÷ degree (0 to 1); discrimination
 * = the facility among the upper 27% by final mark minus that among the lower 27% (−1 to 1). Null with
 * fewer than two papers.
 */
export const QuestionStatistics = Schema.Struct({
  questionId: Schema.String,
  header: Schema.String,
  degree: Schema.Number,
  facility: Schema.NullOr(Schema.Number),
  discrimination: Schema.NullOr(Schema.Number),
})
export type QuestionStatistics = typeof QuestionStatistics.Type

export const ExamResults = Schema.Struct({
  examId: Id,
  title: Schema.String,
  status: ExamStatus,
  correctorsMode: CorrectorsMode,
  totalDegree: Schema.Number,
  published: Schema.Boolean,
  classRooms: Schema.Array(ClassRoomResults),
  questions: Schema.Array(QuestionStatistics),
})
export type ExamResults = typeof ExamResults.Type

/** Her score on one question of a published exam (no answer key). */
export const MyQuestionResult = Schema.Struct({ questionId: Schema.String, header: Schema.String, degree: Schema.Number, score: Schema.Number })

export const MyExamResult = Schema.Struct({
  examId: Id,
  title: Schema.String,
  subjectName: Schema.String,
  endsAt: Schema.String,
  totalDegree: Schema.Number,
  finalMark: Schema.NullOr(Schema.Number),
  questions: Schema.Array(MyQuestionResult),
})
export type MyExamResult = typeof MyExamResult.Type

/**
 * One of her exams on her results list: those whose time is over (closed for correction, corrected,
 * published). `changedAt` is when its status last moved: for a published exam, when it was published.
 */
export const ExamResultsLine = Schema.Struct({
  examId: Id,
  title: Schema.String,
  subjectName: Schema.String,
  status: ExamStatus,
  endsAt: Schema.String,
  changedAt: Schema.String,
})
export type ExamResultsLine = typeof ExamResultsLine.Type

/** How many days a published exam stays among the latest results before it goes to the archive. */
export const latestResultsDays = 30

/**
 * Her results list: `latest` holds what still needs her (under correction, done) and what she
 * published in the last `latestResultsDays` days, newest end first; `archive` the older published ones.
 */
export const ExamResultsList = Schema.Struct({ latest: Schema.Array(ExamResultsLine), archive: Schema.Array(ExamResultsLine) })
export type ExamResultsList = typeof ExamResultsList.Type
