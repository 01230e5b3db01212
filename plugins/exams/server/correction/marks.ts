import type { Question } from '../../../../contracts/questions/question.ts'
import { manuallyGradedTypes } from '../../../../contracts/questions/type-codes.ts'
import type { AttemptResultRow, PaperRow } from './sql.ts'

/**
 * What a paper's marks add up to, kept pure so correction, the flags and the results read them one
 * way. A marker's score on a question is her mark, else the automatic score; a question graded by
 * hand has no score until she marks it. Sums are made in whole hundredths (no binary-fraction drift).
 */

const cents = (value: number) => Math.round(value * 100)
const round2 = (value: number) => Math.round(value * 100) / 100

export const isManual = (question: Question) => manuallyGradedTypes.has(question.type)

type Work = Pick<AttemptResultRow, 'autoScores' | 'settledScores'>
type Marks = Pick<PaperRow, 'marks'>

/** Her score on `question`, or null while a question graded by hand has no mark. */
export const markerScore = (question: Question, work: Work, paper: Marks): number | null => {
  const mark = Object.hasOwn(paper.marks, question.id) ? paper.marks[question.id] : undefined
  if (mark !== undefined) return mark.score
  if (isManual(question)) return null
  return Object.hasOwn(work.autoScores, question.id) ? work.autoScores[question.id]!.score : 0
}

export interface FlaggedQuestion {
  readonly questionId: string
  readonly scores: ReadonlyArray<{ readonly correctorId: string; readonly score: number }>
  readonly settledScore: number | null
}

/** Double marking: the questions whose markers (all scored) differ by more than `threshold`. */
export const flaggedQuestions = (questions: ReadonlyArray<Question>, threshold: number, work: Work, papers: ReadonlyArray<PaperRow>): FlaggedQuestion[] => {
  if (papers.length < 2) return []
  return questions.flatMap((question) => {
    const scores = papers.map((paper) => ({ correctorId: paper.correctorId, score: markerScore(question, work, paper) }))
    if (scores.some((entry) => entry.score === null)) return []
    const values = scores.map((entry) => cents(entry.score!))
    if (Math.max(...values) - Math.min(...values) <= cents(threshold)) return []
    const settled = Object.hasOwn(work.settledScores, question.id) ? work.settledScores[question.id]! : null
    return [{ questionId: question.id, scores: scores as FlaggedQuestion['scores'], settledScore: settled }]
  })
}

/**
 * The final score of each question: the supervisor's settled score wins; in split mode the one
 * paper's score; in double marking the markers' scores weighted by their percentages (of those who
 * hold a paper of it). An unmarked question graded by hand counts 0.
 */
export const finalScores = (questions: ReadonlyArray<Question>, work: Work, papers: ReadonlyArray<PaperRow>): Record<string, number> => {
  const totalShare = papers.reduce((sum, paper) => sum + paper.percentage, 0)
  return Object.fromEntries(
    questions.map((question) => {
      if (Object.hasOwn(work.settledScores, question.id)) return [question.id, work.settledScores[question.id]!]
      if (papers.length === 0) return [question.id, isManual(question) ? 0 : (work.autoScores[question.id]?.score ?? 0)]
      const weighted = papers.reduce((sum, paper) => sum + (markerScore(question, work, paper) ?? 0) * (paper.percentage / totalShare), 0)
      return [question.id, round2(weighted)]
    }),
  )
}

/** The sum of the questions' final scores. */
export const finalMark = (scores: Readonly<Record<string, number>>) => Object.values(scores).reduce((sum, score) => sum + cents(score), 0) / 100

/** The papers of each attempt. */
export const papersByAttempt = (papers: ReadonlyArray<PaperRow>): Map<number, PaperRow[]> => {
  const byAttempt = new Map<number, PaperRow[]>()
  for (const paper of papers) byAttempt.set(paper.attemptId, [...(byAttempt.get(paper.attemptId) ?? []), paper])
  return byAttempt
}
