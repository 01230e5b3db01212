import { assign, setup } from 'xstate'

/**
 * One exam, from the spec's exam-list statuses (supplementary document §4: draft, wait for approval,
 * rejected (needs edit), approved, assigned, not viewed, in progress, under correction, done, published)
 * and its rules (§4–§5: percentages total 100, questions cannot be added once assigned, switch to
 * training mode, convert the correctors mode after a confirmation). The status names are stored as they
 * are here (plugins/exams/server/migrations/0001_exams.sql).
 *
 * The spec names the statuses and those rules, not the moves between them; these are Fasl's:
 * - a teacher submits a draft for the supervising corrector's approval only when it has questions and
 *   its correctors' shares total 100% (the context says so of the exam as stored);
 * - the supervising corrector approves, requires an edit (with a reason: "rejected (needs edit)" in the
 *   list), or rejects (with a reason) a waiting exam. A rejection is her last word: a rejected exam is
 *   only deleted. She may also require an edit of an approved exam that is not assigned yet;
 * - a teacher edits a draft or a required-edit exam freely (it stays where it is); a waiting exam she
 *   first withdraws (back to draft), so the supervisor never reviews a moving exam; editing an approved
 *   exam takes away its approval: it waits for approval again when the edit leaves it complete, or goes
 *   back to draft when it left it without questions or with shares not totalling 100 (the event says
 *   which, and the context records it);
 * - assigning an approved exam to its classes or students makes it "assigned"; from then on its
 *   questions are locked (`questionsLocked`) and it cannot be deleted (`mayDelete`);
 * - the server's clock opens it at its start time ("not viewed"), the first student who starts makes
 *   it "in progress" (the server sends `student.started` for that first start only: later starts are no
 *   status change of the exam), and its end time closes it: "under correction",
 *   when the papers are distributed to the correctors;
 * - it is "done" when every paper is graded and, in double marking, every difference over the
 *   threshold is settled by the supervising corrector; the teacher then publishes it (results shown);
 * - deletion is not a status (the row goes): `teacher.deleted` is handled, without moving, only where
 *   deleting is allowed (before assignment), so the server asks `can` before deleting;
 * - switching to training mode is one way and allowed in every status but published and rejected;
 * - the correctors mode may be converted (split ⇄ double) while no paper is graded, before it is done.
 *
 * The server checks every status change with it (server/status/transition.ts), the builder and the
 * exam list ask it which actions to offer, and tests/machines/exam-lifecycle.test.ts walks it.
 */
/** Every status, in the lifecycle's order: the one list the contract's schema, the exam list's filter and the stored CHECK list follow. */
export const examStatuses = [
  'draft',
  'waitingForApproval',
  'requiredEdit',
  'rejected',
  'approved',
  'assigned',
  'notViewed',
  'inProgress',
  'underCorrection',
  'done',
  'published',
] as const
export type ExamStatus = (typeof examStatuses)[number]

export type CorrectorsMode = 'split' | 'double'

export type ExamLifecycleEvent =
  | { type: 'teacher.submittedForApproval' }
  | { type: 'teacher.withdrew' }
  /** What the edit leaves: whether the exam then has questions and shares totalling 100. */
  | { type: 'teacher.edited'; hasQuestions: boolean; sharesTotalHundred: boolean }
  | { type: 'teacher.assigned' }
  | { type: 'teacher.published' }
  | { type: 'teacher.deleted' }
  | { type: 'teacher.switchedToTraining' }
  | { type: 'teacher.changedCorrectorsMode'; mode: CorrectorsMode }
  | { type: 'supervisor.approved' }
  /** The reason is required (non-blank) by the contract; the machine keeps it. */
  | { type: 'supervisor.requiredEdit'; reason: string }
  | { type: 'supervisor.rejected'; reason: string }
  | { type: 'clock.opened' }
  | { type: 'student.started' }
  | { type: 'clock.closed' }
  | { type: 'corrector.gradedAll' }

export interface ExamLifecycleContext {
  /** Whether the exam has at least one question (as stored; an edit's event updates it). */
  hasQuestions: boolean
  /** Whether its correctors' percentages total exactly 100. */
  sharesTotalHundred: boolean
  /** Whether every paper of every corrector is graded. */
  allPapersGraded: boolean
  /** Whether every double-marking difference over the threshold is settled (true in split mode). */
  differencesSettled: boolean
  /** Whether any paper has a mark yet: the correctors mode cannot be converted after that. */
  anyPaperGraded: boolean
  training: boolean
  correctorsMode: CorrectorsMode
  /** The supervising corrector's reason for the last required edit or rejection; cleared on submitting. */
  statusReason: string | null
  /** Set by an allowed `teacher.deleted`: the server deletes the row (it stores no such status). */
  deleted: boolean
}

/** A stored exam's context: what is not given takes its new exam's value (the server passes what it stores or counts). */
export const examLifecycleContext = (input?: Partial<ExamLifecycleContext>): ExamLifecycleContext => ({
  hasQuestions: input?.hasQuestions ?? false,
  sharesTotalHundred: input?.sharesTotalHundred ?? false,
  allPapersGraded: input?.allPapersGraded ?? false,
  differencesSettled: input?.differencesSettled ?? true,
  anyPaperGraded: input?.anyPaperGraded ?? false,
  training: input?.training ?? false,
  correctorsMode: input?.correctorsMode ?? 'split',
  statusReason: input?.statusReason ?? null,
  deleted: input?.deleted ?? false,
})

/** In every status but published and rejected: one transition (one place in the source) for all of them. */
const switchToTraining = { actions: 'recordTraining' } as const
/** Before the exam is done: converting the mode after marks were given would mix two ways of marking. */
const changeCorrectorsMode = { guard: 'isNothingGraded', actions: 'recordCorrectorsMode' } as const
/** Where deleting is allowed (before assignment): handled without moving, for the server's `can`. */
const deleteExam = { actions: 'recordDeletion' } as const
/** Where editing keeps the status; its action records what the edit left. */
const editInPlace = { actions: 'recordEdit' } as const

export const examLifecycleMachine = setup({
  types: {
    context: {} as ExamLifecycleContext,
    events: {} as ExamLifecycleEvent,
    input: {} as Partial<ExamLifecycleContext>,
  },
  actions: {
    recordReason: assign({
      statusReason: ({ event }) => (event.type === 'supervisor.requiredEdit' || event.type === 'supervisor.rejected' ? event.reason : null),
    }),
    clearReason: assign({ statusReason: null }),
    recordEdit: assign({
      hasQuestions: ({ context, event }) => (event.type === 'teacher.edited' ? event.hasQuestions : context.hasQuestions),
      sharesTotalHundred: ({ context, event }) => (event.type === 'teacher.edited' ? event.sharesTotalHundred : context.sharesTotalHundred),
    }),
    recordDeletion: assign({ deleted: true }),
    recordTraining: assign({ training: true }),
    recordCorrectorsMode: assign({
      correctorsMode: ({ context, event }) => (event.type === 'teacher.changedCorrectorsMode' ? event.mode : context.correctorsMode),
    }),
  },
  guards: {
    isReadyForApproval: ({ context }) => context.hasQuestions && context.sharesTotalHundred,
    isEditComplete: ({ event }) => event.type === 'teacher.edited' && event.hasQuestions && event.sharesTotalHundred,
    isFullyGraded: ({ context }) => context.allPapersGraded && context.differencesSettled,
    isNothingGraded: ({ context }) => !context.anyPaperGraded,
  },
}).createMachine({
  id: 'examLifecycle',
  context: ({ input }) => examLifecycleContext(input),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'teacher.edited': editInPlace,
        'teacher.submittedForApproval': { guard: 'isReadyForApproval', target: 'waitingForApproval', actions: 'clearReason' },
        'teacher.deleted': deleteExam,
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    waitingForApproval: {
      on: {
        'teacher.withdrew': 'draft',
        'supervisor.approved': 'approved',
        'supervisor.requiredEdit': { target: 'requiredEdit', actions: 'recordReason' },
        'supervisor.rejected': { target: 'rejected', actions: 'recordReason' },
        'teacher.deleted': deleteExam,
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    requiredEdit: {
      on: {
        'teacher.edited': editInPlace,
        'teacher.submittedForApproval': { guard: 'isReadyForApproval', target: 'waitingForApproval', actions: 'clearReason' },
        'teacher.deleted': deleteExam,
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    rejected: {
      on: {
        'teacher.deleted': deleteExam,
      },
    },
    approved: {
      on: {
        'teacher.edited': [
          { guard: 'isEditComplete', target: 'waitingForApproval', actions: 'recordEdit' },
          { target: 'draft', actions: 'recordEdit' },
        ],
        'supervisor.requiredEdit': { target: 'requiredEdit', actions: 'recordReason' },
        'teacher.assigned': 'assigned',
        'teacher.deleted': deleteExam,
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    assigned: {
      on: {
        'clock.opened': 'notViewed',
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    notViewed: {
      on: {
        'student.started': 'inProgress',
        'clock.closed': 'underCorrection',
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    inProgress: {
      on: {
        'clock.closed': 'underCorrection',
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    underCorrection: {
      on: {
        'corrector.gradedAll': { guard: 'isFullyGraded', target: 'done' },
        'teacher.switchedToTraining': switchToTraining,
        'teacher.changedCorrectorsMode': changeCorrectorsMode,
      },
    },
    done: {
      on: {
        'teacher.published': 'published',
        'teacher.switchedToTraining': switchToTraining,
      },
    },
    published: {},
  },
})

/** The statuses before assignment: the exam's questions may still change (through an edit) and it may be deleted. */
const beforeAssignment: ReadonlyArray<ExamStatus> = ['draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved']

/** Spec §4: questions cannot be added (nor changed) once the exam is assigned. */
export const questionsLocked = (status: ExamStatus): boolean => !beforeAssignment.includes(status)

const accepts = (status: ExamStatus, event: ExamLifecycleEvent) =>
  examLifecycleMachine.resolveState({ value: status, context: examLifecycleContext() }).can(event)

/** Whether an exam in this status may be deleted (asked of the machine: `teacher.deleted` is handled there). */
export const mayDelete = (status: ExamStatus): boolean => accepts(status, { type: 'teacher.deleted' })

/** Whether the teacher may edit the exam in this status (a waiting exam is withdrawn first). */
export const mayEdit = (status: ExamStatus): boolean => accepts(status, { type: 'teacher.edited', hasQuestions: true, sharesTotalHundred: true })
