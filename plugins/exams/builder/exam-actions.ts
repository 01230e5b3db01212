import {
  examLifecycleContext,
  examLifecycleMachine,
  mayDelete,
  mayEdit,
  questionsLocked,
  type ExamLifecycleEvent,
  type ExamStatus,
} from '../../../machines/exam-lifecycle.machine.ts'
import { examCorrectorContext, examCorrectorMachine, type CorrectorStatus } from '../../../machines/exam-corrector.machine.ts'
import type { ChipTone } from '../../../src/ui/status-chip.tsx'

/** What the exam as stored says to the machine (the server passes the same when it checks a move). */
export interface ExamFacts {
  readonly status: ExamStatus
  readonly hasQuestions: boolean
  readonly sharesTotalHundred: boolean
  readonly anyPaperGraded: boolean
  readonly training: boolean
}

const examAllows = (facts: ExamFacts, event: ExamLifecycleEvent): boolean =>
  examLifecycleMachine
    .resolveState({
      value: facts.status,
      context: examLifecycleContext({
        hasQuestions: facts.hasQuestions,
        sharesTotalHundred: facts.sharesTotalHundred,
        anyPaperGraded: facts.anyPaperGraded,
        training: facts.training,
      }),
    })
    .can(event)

/** The actions the exam's machine allows in its status: the builder and the lists offer these only. */
export const examActions = (facts: ExamFacts) => ({
  edit: mayEdit(facts.status),
  questionsLocked: questionsLocked(facts.status),
  delete: mayDelete(facts.status),
  submit: examAllows(facts, { type: 'teacher.submittedForApproval' }),
  assign: examAllows(facts, { type: 'teacher.assigned' }),
  // One way: an exam already for training has nothing to switch.
  training: !facts.training && examAllows(facts, { type: 'teacher.switchedToTraining' }),
  convertMode: examAllows(facts, { type: 'teacher.changedCorrectorsMode', mode: 'split' }),
  approve: examAllows(facts, { type: 'supervisor.approved' }),
  requireEdit: examAllows(facts, { type: 'supervisor.requiredEdit', reason: 'x' }),
  reject: examAllows(facts, { type: 'supervisor.rejected', reason: 'x' }),
})

/** Whether a corrector in this status may still accept or decline (asked of her machine). */
export const correctorMayRespond = (status: CorrectorStatus): boolean =>
  examCorrectorMachine.resolveState({ value: status, context: examCorrectorContext() }).can({ type: 'corrector.accepted' })

/** How each exam status reads at a glance. */
export const examStatusTone: Readonly<Record<ExamStatus, ChipTone>> = {
  draft: 'neutral',
  waitingForApproval: 'waiting',
  requiredEdit: 'alert',
  rejected: 'alert',
  approved: 'info',
  assigned: 'info',
  notViewed: 'info',
  inProgress: 'waiting',
  underCorrection: 'waiting',
  done: 'complete',
  published: 'complete',
}

export const correctorStatusTone: Readonly<Record<CorrectorStatus, ChipTone>> = {
  notAssigned: 'neutral',
  assigned: 'waiting',
  waitingForApproval: 'waiting',
  approved: 'info',
  requiredEdit: 'alert',
  inProgress: 'complete',
}

export type ExamActions = ReturnType<typeof examActions>
