import { submissionStatusNames, type SubmissionStatus } from '../contract/homework.ts'
import type { Answer, Question } from '../../../contracts/questions/question.ts'
import { scoreAnswer } from '../../../contracts/questions/scoring.ts'
import type { AnswerReview, GradeAnswers } from '../contract/submissions.ts'
import { homeworkCorrectionMachine, type SubmissionStatus as MachineStatus } from '../../../machines/homework-correction.machine.ts'

/** The API's spelling of a status as the machine names its state. */
export const machineStatusOf: Readonly<Record<SubmissionStatus, MachineStatus>> = submissionStatusNames

export interface CorrectionActions {
  readonly grade: boolean
  readonly markCorrected: boolean
  readonly reopen: boolean
}

/** What the teacher may do with work in this status: the machine decides, as the server's check does. */
export const correctionActionsOf = (status: SubmissionStatus, submitted: boolean): CorrectionActions => {
  const snapshot = homeworkCorrectionMachine.resolveState({
    value: machineStatusOf[status],
    context: { submitted, answered: submitted, graded: false, pastDue: false, lateAccepted: false },
  })
  return {
    grade: snapshot.can({ type: 'teacher.graded' }),
    markCorrected: snapshot.can({ type: 'teacher.markedCorrected' }),
    reopen: snapshot.can({ type: 'teacher.reopened' }),
  }
}

/** The student `step` places after (1) or before (-1) `current` in the list; null at either end. */
export const neighbourOf = <Id>(ids: ReadonlyArray<Id>, current: Id | null, step: 1 | -1): Id | null => {
  if (ids.length === 0) return null
  const index = current === null ? -1 : ids.indexOf(current)
  if (index === -1) return step === 1 ? ids[0]! : null
  return ids[index + step] ?? null
}

/** The teacher's word on one answer while she corrects: a score (null = the automatic one) and a comment. */
export interface ReviewDraft {
  readonly score: number | null
  readonly comment: string
}

export const draftOf = (review: AnswerReview | undefined): ReviewDraft => ({ score: review?.score ?? null, comment: review?.comment ?? '' })

/** Only what changed from what the server holds, as GradeSubmission takes it (an empty comment removes it). */
export const reviewChanges = (stored: Readonly<Record<string, AnswerReview>>, drafts: Readonly<Record<string, ReviewDraft>>): GradeAnswers['reviews'] =>
  Object.entries(drafts).flatMap(([questionId, draft]) => {
    const before = draftOf(stored[questionId])
    const comment = draft.comment.trim()
    const scoreChanged = draft.score !== before.score
    const commentChanged = comment !== before.comment.trim()
    if (!scoreChanged && !commentChanged) return []
    return [{ questionId, ...(scoreChanged ? { score: draft.score } : {}), ...(commentChanged ? { comment: comment === '' ? null : comment } : {}) }]
  })

/** The grade the work has with these reviews: per question the teacher's score, else the automatic one (in hundredths, so halves add up exactly). */
export const gradeWith = (
  questions: ReadonlyArray<Question>,
  answers: Readonly<Record<string, Answer | undefined>>,
  drafts: Readonly<Record<string, ReviewDraft>>,
): number => {
  let cents = 0
  for (const question of questions) {
    const score = drafts[question.id]?.score ?? scoreAnswer(question, answers[question.id] ?? null).score
    cents += Math.round(score * 100)
  }
  return cents / 100
}
