import type { CorrectorStatus, ExamStatus } from '../../contract/exam.ts'

/**
 * Every status change of an exam and of its correctors, asked of one function each, so the server
 * moves them only as machines/exam-lifecycle.machine.ts and machines/exam-corrector.machine.ts allow.
 *
 * INTERIM: until those machines are on main, the moves are this table (the builder's reading of
 * spec §4); plugging the machines in replaces the bodies of `nextExamStatus` and `nextCorrectorStatus`
 * with server/status/transition.ts `checkTransition`, as homework's record.ts does.
 */
export type ExamMove =
  'teacher.edited' | 'teacher.submitted' | 'supervisor.approved' | 'supervisor.requiredEdit' | 'supervisor.rejected' | 'teacher.assigned' | 'teacher.deleted'

export type CorrectorMove = 'corrector.accepted' | 'corrector.declined'

const examMoves: Readonly<Record<ExamMove, Partial<Record<ExamStatus, ExamStatus>>>> = {
  // An edit of a submitted or approved exam takes it back to draft: it is sent for approval again. Once open to students, nothing changes.
  'teacher.edited': {
    draft: 'draft',
    requiredEdit: 'requiredEdit',
    rejected: 'draft',
    waitingForApproval: 'draft',
    approved: 'draft',
    assigned: 'assigned',
  },
  'teacher.submitted': { draft: 'waitingForApproval', requiredEdit: 'waitingForApproval' },
  'supervisor.approved': { waitingForApproval: 'approved' },
  'supervisor.requiredEdit': { waitingForApproval: 'requiredEdit' },
  'supervisor.rejected': { waitingForApproval: 'rejected' },
  'teacher.assigned': { approved: 'assigned' },
  // Deleting ends it; refused once its students have it.
  'teacher.deleted': { draft: 'draft', waitingForApproval: 'waitingForApproval', requiredEdit: 'requiredEdit', rejected: 'rejected', approved: 'approved' },
}

const correctorMoves: Readonly<Record<CorrectorMove, Partial<Record<CorrectorStatus, CorrectorStatus>>>> = {
  'corrector.accepted': { assigned: 'approved' },
  'corrector.declined': { assigned: 'notAssigned' },
}

/** The status `move` takes an exam in `status` to, or null when the lifecycle refuses it. */
export const nextExamStatus = (status: ExamStatus, move: ExamMove): ExamStatus | null => examMoves[move][status] ?? null

/** The status `move` takes a corrector in `status` to, or null when her machine refuses it. */
export const nextCorrectorStatus = (status: CorrectorStatus, move: CorrectorMove): CorrectorStatus | null => correctorMoves[move][status] ?? null
