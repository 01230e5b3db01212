import { examCorrectorContext, examCorrectorMachine, mayRemoveCorrector, type CorrectorStatus } from '../../../machines/exam-corrector.machine.ts'

/** What the corrector machine (machines/exam-corrector.machine.ts) allows on one corrector, asked as the server asks it. */
const allows = (status: CorrectorStatus, event: Parameters<ReturnType<typeof examCorrectorMachine.resolveState>['can']>[0]): boolean =>
  examCorrectorMachine.resolveState({ value: status, context: examCorrectorContext() }).can(event)

/** The supervising corrector approves or sends back only a corrector who accepted. */
export const supervisorMayDecide = (status: CorrectorStatus): boolean => allows(status, { type: 'supervisor.approved' })

/** Her share may change: she has not answered, or was sent back (a corrector not assigned is named anew). */
export const shareMayChange = (status: CorrectorStatus): boolean => status === 'notAssigned' || allows(status, { type: 'teacher.changedShare' })

/** She may be taken off the exam (not once she started grading). */
export const correctorMayBeRemoved = (status: CorrectorStatus): boolean => status === 'notAssigned' || mayRemoveCorrector(status)
