import { CorrectSessionQuestion, FinishPaper, SettleDifference } from '../contract/correction.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/**
 * A corrector's writes on her papers and the supervising corrector's settlements: kept on the device
 * (a reload loses no mark) and sent in order by the outbox, each with its Idempotency-Key.
 */
export const correctionEventNames = {
  markRequested: 'v1.ExamQuestionMarkRequested',
  finishPaperRequested: 'v1.ExamPaperFinishRequested',
  settleRequested: 'v1.ExamDifferenceSettleRequested',
} as const

export const correctionCommandNames: ReadonlyArray<string> = Object.values(correctionEventNames)

export const correctionEvents: EventCatalogue = {
  [correctionEventNames.markRequested]: { schema: CorrectSessionQuestion },
  [correctionEventNames.finishPaperRequested]: { schema: FinishPaper },
  [correctionEventNames.settleRequested]: { schema: SettleDifference },
}

/** The record a write belongs to: her paper (its marks and finish share the paper's version). */
export const paperKey = (payload: { readonly sessionId: number }): string => String(payload.sessionId)
