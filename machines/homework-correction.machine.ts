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
 *   before ("ready" or "uncompleted"), which the context remembers;
 * - a student may undo her hand-in (Classroom's "unsubmit") before her due date while the teacher has
 *   not marked anything: "ready" goes back to "in progress" with her answers;
 * - a homework that accepts late work lets her keep answering "uncompleted" work and hand it in
 *   (then "ready", late), while the teacher has not marked it; one that does not is closed at the due date;
 * - a teacher may extend one student's due date while her work is not handed in nor marked: "uncompleted"
 *   work goes back to "in progress" (or "not viewed" when nothing was saved), the rest stays where it is.
 *
 * The client runs it (the correction screen and the student area), the server checks every status
 * change with it (server/status/transition.ts), and tests/machines/homework-correction.test.ts walks it.
 */
export type SubmissionStatus = 'notViewed' | 'inProgress' | 'ready' | 'uncompleted' | 'done'

export type HomeworkCorrectionEvent =
  | { type: 'student.opened' }
  | { type: 'student.savedDraft' }
  | { type: 'student.submitted' }
  | { type: 'student.unsubmitted' }
  | { type: 'due.passed' }
  | { type: 'teacher.graded' }
  | { type: 'teacher.markedCorrected' }
  | { type: 'teacher.reopened' }
  | { type: 'teacher.extendedDue' }

export interface HomeworkCorrectionContext {
  /** Whether the student submitted before the due date: where a re-opened correction goes back to. */
  submitted: boolean
  /** Whether the student has saved any answer: an "uncompleted" one with answers is worth correcting. */
  answered: boolean
  /** Whether the teacher has graded any answer by hand yet ("not corrected" until she has). */
  graded: boolean
  /** Whether her due date (her own extension when she has one) has passed, by the server's clock. */
  pastDue: boolean
  /** Whether the homework accepts work handed in after the due date (marked late); otherwise it closes then. */
  lateAccepted: boolean
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
    recordUndo: assign({ submitted: false }),
    recordDuePassed: assign({ pastDue: true }),
    recordExtension: assign({ pastDue: false }),
  },
  guards: {
    wasSubmitted: ({ context }) => context.submitted,
    isUndoStillAllowed: ({ context }) => !context.pastDue && !context.graded,
    isLateWorkAccepted: ({ context }) => context.lateAccepted && !context.graded,
    isUnmarked: ({ context }) => !context.graded,
    isUnmarkedAnswered: ({ context }) => !context.graded && context.answered,
  },
}).createMachine({
  id: 'homeworkCorrection',
  context: ({ input }) => ({
    submitted: input?.submitted ?? false,
    answered: input?.answered ?? false,
    graded: input?.graded ?? false,
    pastDue: input?.pastDue ?? false,
    lateAccepted: input?.lateAccepted ?? false,
  }),
  initial: 'notViewed',
  states: {
    notViewed: {
      on: {
        'student.opened': 'inProgress',
        'student.submitted': { target: 'ready', actions: 'recordSubmission' },
        'due.passed': { target: 'uncompleted', actions: 'recordDuePassed' },
        'teacher.extendedDue': { actions: 'recordExtension' },
      },
    },
    inProgress: {
      on: {
        'student.savedDraft': { actions: 'recordDraft' },
        'student.submitted': { target: 'ready', actions: 'recordSubmission' },
        'due.passed': { target: 'uncompleted', actions: 'recordDuePassed' },
        'teacher.extendedDue': { actions: 'recordExtension' },
      },
    },
    ready: {
      on: {
        'student.unsubmitted': { guard: 'isUndoStillAllowed', target: 'inProgress', actions: 'recordUndo' },
        'due.passed': { actions: 'recordDuePassed' },
        'teacher.graded': { actions: 'recordGrade' },
        'teacher.markedCorrected': 'done',
      },
    },
    uncompleted: {
      on: {
        'student.savedDraft': { guard: 'isLateWorkAccepted', actions: 'recordDraft' },
        'student.submitted': { guard: 'isLateWorkAccepted', target: 'ready', actions: 'recordSubmission' },
        'teacher.extendedDue': [
          { guard: 'isUnmarkedAnswered', target: 'inProgress', actions: 'recordExtension' },
          { guard: 'isUnmarked', target: 'notViewed', actions: 'recordExtension' },
        ],
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
