import { Schema } from 'effect'
import { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { Id, MultilineText, type ValidationAnnotation } from '../../../contracts/fields.ts'
import { AnswersRelease } from './answers-release.ts'
import { LateWork } from './late-work.ts'
import { HomeworkMaterials } from './materials.ts'
import { DateTime, HomeworkType, QuizMode, SubmissionStatus } from './homework.ts'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { Question, Submission } from '../../../contracts/questions/question.ts'
import { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'

/**
 * A student's work on a homework or quiz as it crosses the wire: what she answers and sees
 * (the student calls) and what her teacher corrects (the correction calls). Statuses are the
 * homework-correction machine's (machines/homework-correction.machine.ts) in the API's spelling.
 */

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

export const submissionLimits = {
  /** Not in the spec: a comment on one answer. */
  answerComment: 1000,
  /** Not in the spec: the comment on the whole work. */
  overallComment: 2000,
} as const

const Comment = (max: number) => MultilineText.check(Schema.isMaxLength(max, validation({ key: 'lengthAtMost', values: { max } })))

/** A score the teacher gives: a finite number from 0, at most two decimals; at most the question's degree (checked by the server, 105). */
export const GivenScore = Schema.Number.annotate(validation({ key: 'malformed' })).check(
  Schema.makeFilter<number>(
    (value) => Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    validation({ key: 'scoreRule' }),
  ),
)

export const ScoreOutcome = Schema.Literals(['correct', 'incorrect', 'partial', 'manual'])

/** The automatic score of one answer (contracts/questions/scoring.ts). */
export const AutoScore = Schema.Struct({
  score: Schema.Number,
  max: Schema.Number,
  outcome: ScoreOutcome,
  parts: Schema.optionalKey(Schema.Array(Schema.Struct({ id: Schema.String, correct: Schema.Boolean }))),
})
export type AutoScore = typeof AutoScore.Type

/** The teacher's word on one answer: a score that overrides the automatic one (null = keep it), and a comment. */
export const AnswerReview = Schema.Struct({ score: Schema.NullOr(Schema.Number), comment: Schema.NullOr(Schema.String) })
export type AnswerReview = typeof AnswerReview.Type

/** One line of "my homework": only homework that has started and is aimed at her (whole class room or chosen). */
export const MyHomework = Schema.Struct({
  homeworkId: Id,
  title: Schema.String,
  type: HomeworkType,
  quizMode: Schema.NullOr(QuizMode),
  subjectName: Schema.String,
  teacherName: Schema.String,
  questionCount: Schema.Number,
  totalDegree: Schema.Number,
  startsAt: Schema.String,
  /** Her own due date: the custom one when the teacher set it. */
  dueAt: Schema.String,
  status: SubmissionStatus,
  /** Only once corrected ("done"). */
  grade: Schema.NullOr(Schema.Number),
  submittedAt: Schema.NullOr(Schema.String),
  /** Handed in after her due date (the homework accepts late work). */
  late: Schema.Boolean,
  /** Whether the homework stays open after the due date (late-work.ts). */
  lateWork: LateWork,
})
export type MyHomework = typeof MyHomework.Type

/** The result of one question as the student sees it, once corrected (or right after submitting a training quiz). */
export const QuestionResult = Schema.Struct({
  questionId: Schema.String,
  score: Schema.Number,
  max: Schema.Number,
  outcome: ScoreOutcome,
  comment: Schema.NullOr(Schema.String),
})
export type QuestionResult = typeof QuestionResult.Type

/**
 * A homework opened by its student. `questions` never carry what is right; `answerKey` (the whole
 * questions) is there only when she may see the right answers (`answersRelease`, answers-release.ts).
 * `result` is there once corrected (and, provisional, for a handed-in training quiz).
 */
export const StudentHomework = Schema.Struct({
  homeworkId: Id,
  title: Schema.String,
  text: Schema.String,
  type: HomeworkType,
  quizMode: Schema.NullOr(QuizMode),
  subjectName: Schema.String,
  totalDegree: Schema.Number,
  startsAt: Schema.String,
  dueAt: Schema.String,
  status: SubmissionStatus,
  /** Send it back with SaveHomeworkDraft and SubmitHomework; null while nothing is stored. */
  version: Schema.NullOr(Schema.Number),
  questions: Schema.Array(StudentQuestion),
  answers: Submission,
  /** The files her answers name. */
  answerFiles: Schema.Array(AnswerFile),
  /** The homework's own files (signed links) and links, from its teacher (materials.ts). */
  materials: HomeworkMaterials,
  submittedAt: Schema.NullOr(Schema.String),
  answerKey: Schema.NullOr(Schema.Array(Question)),
  /** When the right answers come (the teacher's setting), so her page can say so while `answerKey` is null. */
  answersRelease: AnswersRelease,
  /** Whether the homework stays open after the due date (late-work.ts). */
  lateWork: LateWork,
  /** Handed in after her due date. */
  late: Schema.Boolean,
  /** Her teacher gave her a later due date than the class's (`dueAt` is it). */
  extended: Schema.Boolean,
  /** She may undo her hand-in now (UndoHandIn): before her due date, nothing marked, nothing shown at hand-in. */
  undoable: Schema.Boolean,
  result: Schema.NullOr(
    Schema.Struct({
      /** True once the teacher marked it corrected; false for the automatic result of a training quiz. */
      final: Schema.Boolean,
      grade: Schema.Number,
      comment: Schema.NullOr(Schema.String),
      questions: Schema.Array(QuestionResult),
    }),
  ),
})
export type StudentHomework = typeof StudentHomework.Type

export const OpenHomework = Schema.Struct({ homeworkId: Id })

/** Answers sent while working (a draft) or to hand in; `version` is the one she read (null while nothing is stored). */
export const SaveAnswers = Schema.Struct({
  homeworkId: Id,
  version: Schema.NullOr(Id),
  answers: Submission,
})
export type SaveAnswers = typeof SaveAnswers.Type

/** Taking a hand-in back to a draft; `version` is the one she read. */
export const UndoHandIn = Schema.Struct({ homeworkId: Id, version: Id })
export type UndoHandIn = typeof UndoHandIn.Type

/** A targeted student on the correction list: also those who have not opened it (no work stored yet). */
export const CorrectionListStudent = Schema.Struct({
  studentId: Id,
  name: Schema.String,
  status: SubmissionStatus,
  dueAt: Schema.String,
  /**
   * The final grade once corrected; before that the provisional one: with the teacher's marks so far
   * when she gave any (`marked`), else the automatic one of handed-in work; or null.
   */
  grade: Schema.NullOr(Schema.Number),
  provisional: Schema.Boolean,
  /** She has given marks or comments on answers: a provisional grade is hers, not only the automatic one. */
  marked: Schema.Boolean,
  submittedAt: Schema.NullOr(Schema.String),
  correctedAt: Schema.NullOr(Schema.String),
  /** Handed in after her due date. */
  late: Schema.Boolean,
  /** Her own later due date when the teacher extended it (then `dueAt` is it). */
  extendedDueAt: Schema.NullOr(Schema.String),
})
export type CorrectionListStudent = typeof CorrectionListStudent.Type

export const CorrectionList = Schema.Struct({
  homeworkId: Id,
  title: Schema.String,
  totalDegree: Schema.Number,
  students: Schema.Array(CorrectionListStudent),
})
export type CorrectionList = typeof CorrectionList.Type

/** A question as a list names it: its number comes from its place. */
export const QuestionOutline = Schema.Struct({
  id: ItemKey,
  type: Schema.Literals(Object.values(QuestionType)),
  header: Schema.String,
  degree: Schema.Number,
})
export type QuestionOutline = typeof QuestionOutline.Type

/**
 * A homework's work to correct for the scoring worker to pre-score the class on the correction
 * screen: `batch` is a class batch (questions/class-batch.ts), its bytes in base64, handed to the
 * worker as it is, so the page never builds the class's answers as objects.
 */
export const ClassAnswers = Schema.Struct({
  homeworkId: Id,
  /** How many students' work the batch holds. */
  students: Schema.Number,
  /** The questions as the overview names them, in the batch's order (the batch itself is not read on the page). */
  questions: Schema.Array(QuestionOutline),
  batch: Schema.String,
})
export type ClassAnswers = typeof ClassAnswers.Type

/** One student's work with everything the teacher needs to correct it. */
export const SubmissionForCorrection = Schema.Struct({
  homeworkId: Id,
  studentId: Id,
  studentName: Schema.String,
  status: SubmissionStatus,
  /** Send it back with the correction writes; null while nothing is stored (work not viewed cannot be corrected yet). */
  version: Schema.NullOr(Schema.Number),
  totalDegree: Schema.Number,
  dueAt: Schema.String,
  questions: Schema.Array(Question),
  answers: Submission,
  /** The files her answers name. */
  answerFiles: Schema.Array(AnswerFile),
  autoScores: Schema.Record(Schema.String, AutoScore),
  reviews: Schema.Record(Schema.String, AnswerReview),
  comment: Schema.NullOr(Schema.String),
  /** Per question: the teacher's score when she gave one, else the automatic one. */
  scores: Schema.Array(QuestionResult),
  /** The sum of `scores`: what marking it corrected stores as the grade. */
  currentGrade: Schema.Number,
  /** The stored grade: provisional after submitting (automatic, then with the teacher's marks as she gives them), final once corrected. */
  grade: Schema.NullOr(Schema.Number),
  submittedAt: Schema.NullOr(Schema.String),
  correctedAt: Schema.NullOr(Schema.String),
  /** Handed in after her due date. */
  late: Schema.Boolean,
  /** Her own later due date when the teacher extended it (then `dueAt` is it). */
  extendedDueAt: Schema.NullOr(Schema.String),
  /** Whether ExtendStudentDueDate would be accepted now (not handed in nor marked, no right answers shown to her). */
  extendable: Schema.Boolean,
})
export type SubmissionForCorrection = typeof SubmissionForCorrection.Type

const submissionRef = { homeworkId: Id, studentId: Id }

/** Per question: `score` overrides the automatic one (null takes an override back), `comment` (null removes it). */
const Reviews = Schema.Array(
  Schema.Struct({
    questionId: ItemKey,
    score: Schema.optionalKey(Schema.NullOr(GivenScore)),
    comment: Schema.optionalKey(Schema.NullOr(Comment(submissionLimits.answerComment))),
  }),
).check(Schema.isMaxLength(100, validation({ key: 'itemsAtMost', values: { max: 100 } })))

/** The comment on the whole work; absent = unchanged, null = removed. */
const OverallComment = Schema.NullOr(Comment(submissionLimits.overallComment))

export const GradeAnswers = Schema.Struct({
  ...submissionRef,
  /** As read; null for work never opened (past due, nothing stored yet). */
  version: Schema.NullOr(Id),
  reviews: Reviews,
  comment: Schema.optionalKey(OverallComment),
})
export type GradeAnswers = typeof GradeAnswers.Type

export const CorrectionStep = Schema.Struct({ ...submissionRef, version: Schema.NullOr(Id) })
export type CorrectionStep = typeof CorrectionStep.Type

/**
 * Marking corrected, with the marks and comments not saved yet: one write, so the work is never
 * marked corrected when its last marks were refused (105 names them; nothing changes).
 */
export const MarkCorrected = Schema.Struct({
  ...CorrectionStep.fields,
  reviews: Schema.optionalKey(Reviews),
  comment: Schema.optionalKey(OverallComment),
})
export type MarkCorrected = typeof MarkCorrected.Type

/** One student's own later due date (ExtendStudentDueDate): after now and after the homework's due date for her. */
export const ExtendDue = Schema.Struct({ homeworkId: Id, studentId: Id, dueAt: DateTime })
export type ExtendDue = typeof ExtendDue.Type
