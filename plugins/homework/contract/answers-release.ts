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
  /** Her due date (the chosen students' own one when set, her extension when she has one). */
  readonly dueAt: string
  /** The last due date of anyone the homework is aimed at (a later extension of one student included). */
  readonly lastDueAt: string
  /** She may still answer and hand in (before her due date, or after it when late work is accepted). */
  readonly mayStillAnswer: boolean
  /** The server's clock. */
  readonly now: string
}

/**
 * She may see the right answers now. Asked by the server only: a client shows what it was sent.
 * Never while she may still hand in (late work accepted, an extension), whatever the setting;
 * `afterDue` waits for the last due date of the homework, extensions included, so nobody reads them
 * while a classmate may still hand in. (Once they were shown, her hand-in cannot be undone, nor her
 * due date extended: the server refuses both.)
 */
export const answersReleased = (release: AnswersRelease, moment: ReleaseMoment): boolean => {
  if (moment.mayStillAnswer) return false
  const passed = (dueAt: string) => Date.parse(moment.now) >= Date.parse(dueAt)
  switch (release) {
    case 'never':
      return false
    case 'afterHandIn':
      return moment.submittedAt !== null || passed(moment.dueAt)
    case 'afterDue':
      return passed(moment.lastDueAt)
    case 'afterGrading':
      return moment.status === 'done'
  }
}
