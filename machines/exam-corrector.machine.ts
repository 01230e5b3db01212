import { assign, setup } from 'xstate'

/**
 * One corrector of one exam, from the spec's exam-correctors statuses (supplementary document §4:
 * assigned, not assigned, waiting for approval, approved, required edit with a reason, in progress) and
 * its roles (§6: a supervising corrector "modifies correctors"; correctors grade exam sessions). The
 * status names are stored as they are here (exam_correctors.status in plugins/exams/server/migrations).
 *
 * The spec names the statuses, not the moves between them; these are Fasl's:
 * - the teacher names a corrector with her share when building the exam ("assigned"); she may change
 *   that share while the corrector has not answered;
 * - the corrector accepts ("waiting for approval" by the supervising corrector) or declines (back to
 *   "not assigned": she holds no share, and the teacher names someone else);
 * - the supervising corrector approves her or requires an edit with a reason (her share or her being
 *   there); that is how she "modifies correctors": the teacher makes the change, changing the share
 *   sends it to the corrector again ("assigned"), removing her ends it;
 * - an approved corrector starts grading only once the exam is under correction (papers distributed);
 *   once she has started ("in progress") she stays, and cannot be removed: her marks are the exam's;
 * - the teacher may remove a corrector in any status but "in progress" (back to "not assigned").
 *
 * The server checks every status change with it (server/status/transition.ts), and
 * tests/machines/exam-corrector.test.ts walks it.
 */
export type CorrectorStatus = 'notAssigned' | 'assigned' | 'waitingForApproval' | 'approved' | 'requiredEdit' | 'inProgress'

export type ExamCorrectorEvent =
  | { type: 'teacher.named' }
  | { type: 'teacher.changedShare' }
  | { type: 'teacher.removed' }
  | { type: 'corrector.accepted' }
  /** The reason is optional: declining needs none. */
  | { type: 'corrector.declined'; reason?: string }
  | { type: 'corrector.startedGrading' }
  | { type: 'supervisor.approved' }
  /** The reason is required (non-blank) by the contract; the machine keeps it. */
  | { type: 'supervisor.requiredEdit'; reason: string }

export interface ExamCorrectorContext {
  /** Whether the exam is under correction (its papers distributed): grading may start. */
  examUnderCorrection: boolean
  /** The supervising corrector's reason for a required edit, or the corrector's for declining. */
  statusReason: string | null
}

/** Any status but "in progress" (and "not assigned", where there is nothing to remove). */
const remove = { target: 'notAssigned', actions: 'clearReason' } as const

export const examCorrectorMachine = setup({
  types: {
    context: {} as ExamCorrectorContext,
    events: {} as ExamCorrectorEvent,
    input: {} as Partial<ExamCorrectorContext>,
  },
  actions: {
    recordReason: assign({
      statusReason: ({ event }) => (event.type === 'supervisor.requiredEdit' || event.type === 'corrector.declined' ? (event.reason ?? null) : null),
    }),
    clearReason: assign({ statusReason: null }),
  },
  guards: {
    isExamUnderCorrection: ({ context }) => context.examUnderCorrection,
  },
}).createMachine({
  id: 'examCorrector',
  context: ({ input }) => examCorrectorContext(input),
  initial: 'notAssigned',
  states: {
    notAssigned: {
      on: {
        'teacher.named': { target: 'assigned', actions: 'clearReason' },
      },
    },
    assigned: {
      on: {
        'corrector.accepted': 'waitingForApproval',
        'corrector.declined': { target: 'notAssigned', actions: 'recordReason' },
        // Before she answers, a new share is simply the one she answers to.
        'teacher.changedShare': { actions: 'clearReason' },
        'teacher.removed': remove,
      },
    },
    waitingForApproval: {
      on: {
        'supervisor.approved': 'approved',
        'supervisor.requiredEdit': { target: 'requiredEdit', actions: 'recordReason' },
        'teacher.removed': remove,
      },
    },
    requiredEdit: {
      on: {
        'teacher.changedShare': { target: 'assigned', actions: 'clearReason' },
        'teacher.removed': remove,
      },
    },
    approved: {
      on: {
        'corrector.startedGrading': { guard: 'isExamUnderCorrection', target: 'inProgress' },
        'teacher.removed': remove,
      },
    },
    inProgress: {},
  },
})

/** A stored corrector's context: what is not given takes a new corrector's value. */
export const examCorrectorContext = (input?: Partial<ExamCorrectorContext>): ExamCorrectorContext => ({
  examUnderCorrection: input?.examUnderCorrection ?? false,
  statusReason: input?.statusReason ?? null,
})

/** Whether a corrector in this status holds her share: the shares of these must total 100 (spec §5). */
export const holdsShare = (status: CorrectorStatus): boolean => status !== 'notAssigned'

/** Whether she may be removed (asked of the machine). */
export const mayRemoveCorrector = (status: CorrectorStatus): boolean =>
  examCorrectorMachine.resolveState({ value: status, context: examCorrectorContext() }).can({ type: 'teacher.removed' })
