import { Schema } from 'effect'
import type { HomeworkType, QuizMode, SubmissionStatus } from './homework.ts'

/**
 * When a student may see the right answers of a homework (issue 21): never, once she handed in (or
 * her due date passed: her work can no longer change), once the due date passed (every targeted
 * student shares it: the homework's, or the chosen students' own), or once her work is corrected.
 */
export const answersReleases = ['never', 'afterHandIn', 'afterDue', 'afterGrading'] as const
export const AnswersRelease = Schema.Literals(answersReleases)
export type AnswersRelease = typeof AnswersRelease.Type

/**
 * What a teacher expects when she did not choose: a training quiz is for practice, so its right
 * answers come with the hand-in (what Fasl always did); anything else is marked first, so its right
 * answers come with the marks (Classroom and Moodle's default: answers with the grades, never before
 * the work can no longer change).
 */
export const defaultAnswersRelease = (type: HomeworkType, quizMode: QuizMode | null | undefined): AnswersRelease =>
  type === 'quiz' && quizMode === 'training' ? 'afterHandIn' : 'afterGrading'

export interface ReleaseMoment {
  readonly status: SubmissionStatus
  readonly submittedAt: string | null
  /** Her due date (the chosen students' own one when set). */
  readonly dueAt: string
  /** The server's clock. */
  readonly now: string
}

/** She may see the right answers now. Asked by the server only: a client shows what it was sent. */
export const answersReleased = (release: AnswersRelease, moment: ReleaseMoment): boolean => {
  const duePassed = Date.parse(moment.now) >= Date.parse(moment.dueAt)
  switch (release) {
    case 'never':
      return false
    case 'afterHandIn':
      return moment.submittedAt !== null || duePassed
    case 'afterDue':
      return duePassed
    case 'afterGrading':
      return moment.status === 'done'
  }
}
