import type { Issue } from '../../../../contracts/validation.ts'
import type { CorrectorStatus, ExamCorrectorInput } from '../../contract/exam.ts'
import { nextCorrectorStatus } from '../status/moves.ts'

export interface StoredCorrector {
  readonly correctorId: string
  readonly percentage: number
  readonly status: CorrectorStatus
}

export interface CorrectorPlan {
  /** Shares that may not change and correctors who may not go, naming the field. */
  readonly issues: ReadonlyArray<Issue>
  /** Every corrector named, with her share, place and the status her machine gives her. */
  readonly named: ReadonlyArray<{ readonly correctorId: string; readonly percentage: number; readonly sort: number; readonly status: CorrectorStatus }>
}

/**
 * What naming `input` as the exam's correctors does to each, asked of the corrector machine: a new
 * one (or one who declined) is named (assigned); a changed share is `teacher.changedShare` (refused
 * once she accepted or was approved, until the supervisor requires an edit); one left out is
 * `teacher.removed` (refused once she started grading). Her status stays otherwise.
 */
export const planCorrectors = (input: ReadonlyArray<ExamCorrectorInput>, stored: ReadonlyArray<StoredCorrector>): CorrectorPlan => {
  const byId = new Map(stored.map((corrector) => [corrector.correctorId.toLowerCase(), corrector]))
  const issues: Issue[] = []
  const named = input.map((corrector, sort) => {
    const correctorId = corrector.correctorId.toLowerCase()
    const before = byId.get(correctorId)
    const naming = before === undefined || before.status === 'notAssigned'
    const moved = naming
      ? nextCorrectorStatus('notAssigned', { type: 'teacher.named' })
      : before.percentage === corrector.percentage
        ? before.status
        : nextCorrectorStatus(before.status, { type: 'teacher.changedShare' })
    if (moved === null) issues.push({ field: `correctors.${sort}.percentage`, key: 'correctorShareLocked' })
    return { correctorId, percentage: corrector.percentage, sort, status: moved ?? before!.status }
  })
  const kept = new Set(named.map((corrector) => corrector.correctorId))
  const blocked = stored.filter(
    (corrector) =>
      !kept.has(corrector.correctorId.toLowerCase()) &&
      corrector.status !== 'notAssigned' &&
      nextCorrectorStatus(corrector.status, { type: 'teacher.removed' }) === null,
  )
  if (blocked.length > 0) issues.push({ field: 'correctors', key: 'correctorCannotBeRemoved' })
  return { issues, named }
}

/** Her share counts toward the 100% only while she holds it (not once she declined or was removed). */
export const sharesTotalHundred = (correctors: ReadonlyArray<{ readonly percentage: number; readonly status: CorrectorStatus }>): boolean =>
  Math.round(correctors.filter((corrector) => corrector.status !== 'notAssigned').reduce((sum, corrector) => sum + corrector.percentage, 0) * 100) === 10_000
