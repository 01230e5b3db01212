import type { Question } from '../contracts/questions/question.ts'
import { type Outcome, outcomeOf, scorerOf, scoreSubmissionWith, type SubmissionScore } from '../contracts/questions/scoring.ts'
import type { ClassBatch, StudentSubmission } from '../contracts/questions/class-batch.ts'
import { outcomeCodes, packedClassScores } from './class-scores-packed.ts'

/**
 * Pre-scores a whole class for the teacher's correction screen with the same scoring module the
 * server stores grades with (contracts/questions/scoring.ts); the server stays the authority.
 * Each question's scorer is made once for the class, not once per student.
 * Plain module: the worker exposes it, tests call it directly.
 */
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

/**
 * The same scores as `prescoreClass`, written straight into typed arrays (class-scores-packed.ts)
 * with no object per answer: what the worker sends back, transferred rather than copied.
 * Without the parts (which gap, pick or item was right): the open student's panel scores those itself.
 */
export const prescoreClassPacked = ({ questions, answers: classAnswers }: Pick<ClassBatch, 'questions' | 'answers'>): ArrayBuffer => {
  const scorers = questions.map(scorerOf)
  const packed = packedClassScores(classAnswers.length, questions.length)
  const { totals, scores, outcomes, counts, averages } = packed
  const questionCount = scorers.length
  const sums = new Float64Array(questionCount)
  let manualMax = 0
  let max = 0
  for (const scorer of scorers) {
    max += scorer.maxCents
    if (scorer.manual) manualMax += scorer.maxCents
  }
  for (let student = 0; student < classAnswers.length; student++) {
    const answers = classAnswers[student]!
    let total = 0
    const row = student * questionCount
    for (let question = 0; question < questionCount; question++) {
      const scorer = scorers[question]!
      let cents = 0
      let outcome: Outcome = 'manual'
      if (!scorer.manual) {
        const earned = scorer.earned(answers[question])
        cents = scorer.centsFor[earned]!
        outcome = outcomeOf(scorer, earned)
      }
      const code = outcomeCodes[outcome]
      scores[row + question] = cents
      outcomes[row + question] = code
      counts[question * 4 + code]! += 1
      sums[question]! += cents
      total += cents
    }
    totals[student * 3] = total
    totals[student * 3 + 1] = max
    totals[student * 3 + 2] = manualMax
  }
  // In hundredths, rounded as averageOf rounds.
  for (let question = 0; question < questionCount; question++) averages[question] = classAnswers.length === 0 ? 0 : Math.round(sums[question]! / classAnswers.length)
  return packed.buffer
}
