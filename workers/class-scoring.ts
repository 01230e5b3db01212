import type { Answer, Question } from '../contracts/questions/question.ts'
import { type Outcome, scoreSubmission, type SubmissionScore } from '../contracts/questions/scoring.ts'

/**
 * Pre-scores a whole class for the teacher's correction screen with the same scoring module the
 * server stores grades with (contracts/questions/scoring.ts); the server stays the authority.
 * Plain module: the worker exposes it, tests call it directly.
 */
export interface StudentSubmission {
  readonly studentId: string | number
  readonly answers: Readonly<Record<string, Answer | undefined>>
}

export interface StudentScore extends SubmissionScore {
  readonly studentId: string | number
}

/** How the class did on one question: a count per outcome and the average score. */
export interface QuestionSummary {
  readonly id: string
  readonly counts: Readonly<Record<Outcome, number>>
  readonly average: number
}

export interface ClassScores {
  readonly students: ReadonlyArray<StudentScore>
  readonly questions: ReadonlyArray<QuestionSummary>
}

export const prescoreClass = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): ClassScores => {
  const students = submissions.map(({ studentId, answers }) => ({ studentId, ...scoreSubmission(questions, answers) }))
  const summaries = questions.map((question, index) => {
    const counts: Record<Outcome, number> = { correct: 0, incorrect: 0, partial: 0, manual: 0 }
    let cents = 0
    for (const student of students) {
      const scored = student.questions[index]!
      counts[scored.outcome] += 1
      cents += Math.round(scored.score * 100)
    }
    return { id: question.id, counts, average: students.length === 0 ? 0 : Math.round(cents / students.length) / 100 }
  })
  return { students, questions: summaries }
}
