import { Schema } from 'effect'
import { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { Id, MultilineText, UserId } from '../../../contracts/fields.ts'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { Answer, Question } from '../../../contracts/questions/question.ts'
import { CorrectorsMode, ExamStatus } from './exam.ts'

/**
 * Correcting an exam (issue 22 "Correction and results"): a corrector's papers, one paper with the
 * student's answers and their automatic scores, her marks; the supervising corrector's flagged
 * differences (double marking). A paper is one student's attempt as one corrector grades it; its id
 * is the attempt's (`ExamSessionID` in the spec's paths).
 */

const validation = (key: 'examScoreRule' | 'lengthAtMost', values?: Readonly<Record<string, number>>) => ({
  validation: values === undefined ? { key } : { key, values },
})

export const correctionLimits = {
  /** Not in the spec: a corrector's note on one answer, as homework's. */
  comment: 2000,
} as const

/** A score a corrector or the supervisor gives: a finite number from 0, at most two decimals; at most the question's degree (the server checks, 105). */
export const ExamScore = Schema.Number.annotate(validation('examScoreRule')).check(
  Schema.makeFilter<number>(
    (value) => Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    validation('examScoreRule'),
  ),
)

export const MarkComment = MultilineText.check(Schema.isMaxLength(correctionLimits.comment, validation('lengthAtMost', { max: correctionLimits.comment })))

/** Her mark on one question: the score (it overrides the automatic one) and an optional comment. */
export const PaperMark = Schema.Struct({ score: Schema.Number, comment: Schema.NullOr(Schema.String) })
export type PaperMark = typeof PaperMark.Type

/** The automatic score of one answer (contracts/questions/scoring.ts), made when the papers were given out. */
export const ExamAutoScore = Schema.Struct({
  score: Schema.Number,
  max: Schema.Number,
  outcome: Schema.Literals(['correct', 'incorrect', 'partial', 'manual']),
})
export type ExamAutoScore = typeof ExamAutoScore.Type

/** One paper in her list: the student, her class room, and whether it is graded. */
export const CorrectorPaperSummary = Schema.Struct({
  sessionId: Id,
  studentName: Schema.String,
  classRoomName: Schema.String,
  graded: Schema.Boolean,
})
export type CorrectorPaperSummary = typeof CorrectorPaperSummary.Type

/** Her papers of one exam, in the order next and previous follow (class room, then student). */
export const CorrectorPapers = Schema.Struct({
  examId: Id,
  title: Schema.String,
  status: ExamStatus,
  correctorsMode: CorrectorsMode,
  totalDegree: Schema.Number,
  papers: Schema.Array(CorrectorPaperSummary),
})
export type CorrectorPapers = typeof CorrectorPapers.Type

/** One question of a paper: the question whole (answer key included: she grades against it), the student's answer, its automatic score and her mark. */
export const PaperQuestion = Schema.Struct({
  question: Question,
  answer: Schema.NullOr(Answer),
  autoScore: Schema.NullOr(ExamAutoScore),
  mark: Schema.NullOr(PaperMark),
  /** Graded by hand (paragraph, upload, audio): finishing the paper needs her mark on it. */
  manual: Schema.Boolean,
})
export type PaperQuestion = typeof PaperQuestion.Type

/** One paper as its corrector grades it, with its neighbours in her list for keyboard next and previous. */
export const CorrectorExamSession = Schema.Struct({
  sessionId: Id,
  examId: Id,
  title: Schema.String,
  studentName: Schema.String,
  classRoomName: Schema.String,
  totalDegree: Schema.Number,
  /** Her paper's version: a mark is given against it (139 when another tab changed it first). */
  version: Id,
  graded: Schema.Boolean,
  /** Whether marks may still change (the exam is under correction). */
  editable: Schema.Boolean,
  questions: Schema.Array(PaperQuestion),
  previousSessionId: Schema.NullOr(Id),
  nextSessionId: Schema.NullOr(Id),
  /** The files her answers name (file upload, recording), each with a signed, expiring link the corrector opens or downloads. */
  answerFiles: Schema.Array(AnswerFile),
})
export type CorrectorExamSession = typeof CorrectorExamSession.Type

/** Her mark and comment on one question of her paper, at the version she saw. */
export const CorrectSessionQuestion = Schema.Struct({
  sessionId: Id,
  version: Id,
  questionId: ItemKey,
  score: ExamScore,
  comment: Schema.optionalKey(Schema.NullOr(MarkComment)),
})
export type CorrectSessionQuestion = typeof CorrectSessionQuestion.Type

export const FinishPaper = Schema.Struct({ sessionId: Id, version: Id })
export type FinishPaper = typeof FinishPaper.Type

/** One marker's score on a flagged question. */
export const MarkerScore = Schema.Struct({ correctorId: UserId, correctorName: Schema.String, score: Schema.Number })

/** Double marking: a question whose markers' scores differ by more than the exam's threshold. */
export const FlaggedDifference = Schema.Struct({
  sessionId: Id,
  studentName: Schema.String,
  classRoomName: Schema.String,
  questionId: Schema.String,
  questionHeader: Schema.String,
  degree: Schema.Number,
  scores: Schema.Array(MarkerScore),
  /** The supervisor's score once she settled it, which wins over the markers'. */
  settledScore: Schema.NullOr(Schema.Number),
})
export type FlaggedDifference = typeof FlaggedDifference.Type

export const SettleDifference = Schema.Struct({ sessionId: Id, questionId: ItemKey, score: ExamScore })
export type SettleDifference = typeof SettleDifference.Type
