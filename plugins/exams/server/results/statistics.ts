import type { Question } from '../../../../contracts/questions/question.ts'
import type { QuestionStatistics } from '../../contract/results.ts'

/** One sitter's final scores per question and her final mark. */
export interface SitterScores {
  readonly scores: Readonly<Record<string, number>>
  readonly total: number
}

const round3 = (value: number) => Math.round(value * 1000) / 1000

/** The mean part of the degree earned on `question` by `group`. */
const facilityOf = (question: Question, group: ReadonlyArray<SitterScores>) =>
  group.reduce((sum, sitter) => sum + (sitter.scores[question.id] ?? 0), 0) / group.length / question.degree

/**
 * Per question, over everyone who sat the exam: facility = mean score ÷ degree; discrimination index
 * = facility of the upper 27% by final mark minus that of the lower 27% (at least one sitter each;
 * ties at the cut taken in mark order). Null with fewer than two sitters.
 */
export const questionStatistics = (questions: ReadonlyArray<Question>, sitters: ReadonlyArray<SitterScores>): QuestionStatistics[] => {
  const ranked = [...sitters].sort((a, b) => b.total - a.total)
  const groupSize = Math.max(1, Math.round(ranked.length * 0.27))
  const upper = ranked.slice(0, groupSize)
  const lower = ranked.slice(-groupSize)
  return questions.map((question) => ({
    questionId: question.id,
    header: question.header,
    degree: question.degree,
    facility: sitters.length < 2 ? null : round3(facilityOf(question, sitters)),
    discrimination: sitters.length < 2 ? null : round3(facilityOf(question, upper) - facilityOf(question, lower)),
  }))
}
