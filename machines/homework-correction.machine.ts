import { assign, setup } from 'xstate'

/**
 * One student's submission of one homework, from the spec's homework-correction statuses
 * (supplementary document §4: not viewed, in progress, ready, uncompleted, done / corrected).
 *
 * The spec names the statuses, not the moves between them; these are Fasl's:
 * - a student opening the homework takes it from "not viewed" to "in progress"; saving a draft keeps it there;
 * - submitting makes it "ready" for the teacher (submitting without opening first is the same as opening and submitting);
 * - the due date passing before a submission makes it "uncompleted" (what the student saved so far stays readable);
 * - the teacher grades answers in "ready" or "uncompleted" without changing the status, and marking it
 *   corrected makes it "done"; the grade and comments are shown to the student from then on;
 * - a teacher may take a "done" submission back to correct it again: it returns to where it was
 *   before ("ready" or "uncompleted"), which the context remembers.
 *
 * The client runs it (the correction screen and the student area), the server checks every status
 * change with it (server/status/transition.ts), and tests/machines/homework-correction.test.ts walks it.
 */
export type SubmissionStatus = 'notViewed' | 'inProgress' | 'ready' | 'uncompleted' | 'done'

export type HomeworkCorrectionEvent =
  | { type: 'student.opened' }
  | { type: 'student.savedDraft' }
  | { type: 'student.submitted' }
  | { type: 'due.passed' }
  | { type: 'teacher.graded' }
  | { type: 'teacher.markedCorrected' }
  | { type: 'teacher.reopened' }

export interface HomeworkCorrectionContext {
  /** Whether the student submitted before the due date: where a re-opened correction goes back to. */
  submitted: boolean
  /** Whether the student has saved any answer: an "uncompleted" one with answers is worth correcting. */
  answered: boolean
  /** Whether the teacher has graded any answer by hand yet ("not corrected" until she has). */
  graded: boolean
}

export const homeworkCorrectionMachine = setup({
  types: {
    context: {} as HomeworkCorrectionContext,
    events: {} as HomeworkCorrectionEvent,
    input: {} as Partial<HomeworkCorrectionContext>,
  },
  actions: {
    recordSubmission: assign({ submitted: true, answered: true }),
    recordDraft: assign({ answered: true }),
    recordGrade: assign({ graded: true }),
  },
  guards: {
    wasSubmitted: ({ context }) => context.submitted,
  },
}).createMachine({
  id: 'homeworkCorrection',
  context: ({ input }) => ({ submitted: input?.submitted ?? false, answered: input?.answered ?? false, graded: input?.graded ?? false }),
  initial: 'notViewed',
  states: {
    notViewed: {
      on: {
        'student.opened': 'inProgress',
        'student.submitted': { target: 'ready', actions: 'recordSubmission' },
        'due.passed': 'uncompleted',
      },
    },
    inProgress: {
      on: {
        'student.savedDraft': { actions: 'recordDraft' },
        'student.submitted': { target: 'ready', actions: 'recordSubmission' },
        'due.passed': 'uncompleted',
      },
    },
    ready: {
      on: {
        'teacher.graded': { actions: 'recordGrade' },
        'teacher.markedCorrected': 'done',
      },
    },
    uncompleted: {
      on: {
        'teacher.graded': { actions: 'recordGrade' },
        'teacher.markedCorrected': 'done',
      },
    },
    done: {
      on: {
        'teacher.reopened': [{ guard: 'wasSubmitted', target: 'ready' }, { target: 'uncompleted' }],
      },
    },
  },
})

/** Statuses in which the student may still change her answers. */
export const openForStudent: ReadonlyArray<SubmissionStatus> = ['notViewed', 'inProgress']
