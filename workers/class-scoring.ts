import type { Question } from '../contracts/questions/question.ts'
import type { StudentSubmission } from '../contracts/questions/class-batch.ts'
import { type Outcome, scorerOf, scoreSubmissionWith, type SubmissionScore } from '../contracts/questions/scoring.ts'

/**
 * Pre-scores a whole class for the teacher's correction screen with the same scoring module the
 * server stores grades with (contracts/questions/scoring.ts); the server stays the authority.
 * Each question's scorer is made once for the class, not once per student.
 * The worker scores a class batch's rows with class-batch-scoring.ts, which agrees with this
 * reading of the answers as objects (tested answer by answer). Plain module.
 */
export interface StudentScore extends SubmissionScore {
  readonly studentId: number
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

const averageOf = (totalCents: number, students: number) => (students === 0 ? 0 : Math.round(totalCents / students) / 100)

export const prescoreClass = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): ClassScores => {
  const scorers = questions.map(scorerOf)
  const students = submissions.map(({ studentId, answers }) => ({ studentId, ...scoreSubmissionWith(scorers, answers) }))
  const summaries = questions.map((question, index) => {
    const counts: Record<Outcome, number> = { correct: 0, incorrect: 0, partial: 0, manual: 0 }
    let cents = 0
    for (const student of students) {
      const scored = student.questions[index]!
      counts[scored.outcome] += 1
      cents += Math.round(scored.score * 100)
    }
    return { id: question.id, counts, average: averageOf(cents, students.length) }
  })
  return { students, questions: summaries }
}
