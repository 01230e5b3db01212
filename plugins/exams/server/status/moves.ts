import { examCorrectorContext, examCorrectorMachine, type ExamCorrectorContext, type ExamCorrectorEvent } from '../../../../machines/exam-corrector.machine.ts'
import { examLifecycleContext, examLifecycleMachine, type ExamLifecycleContext, type ExamLifecycleEvent } from '../../../../machines/exam-lifecycle.machine.ts'
import { checkTransition } from '../../../../server/status/transition.ts'
import type { CorrectorStatus, ExamStatus } from '../../contract/exam.ts'

/**
 * Every status change of an exam and of its correctors is asked of the machines the client runs
 * (machines/exam-lifecycle.machine.ts, machines/exam-corrector.machine.ts) through
 * server/status/transition.ts, with the context the stored rows give; null when the machine refuses.
 */

/** What the stored exam says of itself, for the lifecycle's guards. */
export type ExamFacts = Partial<ExamLifecycleContext>

export const nextExamStatus = (status: ExamStatus, event: ExamLifecycleEvent, facts: ExamFacts = {}): ExamStatus | null => {
  const check = checkTransition(examLifecycleMachine, { value: status, context: examLifecycleContext(facts) }, event)
  return check.allowed ? (check.next as ExamStatus) : null
}

export const nextCorrectorStatus = (status: CorrectorStatus, event: ExamCorrectorEvent, facts: Partial<ExamCorrectorContext> = {}): CorrectorStatus | null => {
  const check = checkTransition(examCorrectorMachine, { value: status, context: examCorrectorContext(facts) }, event)
  return check.allowed ? (check.next as CorrectorStatus) : null
}
