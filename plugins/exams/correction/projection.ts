import type { CorrectorExamSession, FinishPaper, SettleDifference } from '../contract/correction.ts'
import { defineProjection, type LogEvent } from '../../../src/events/types.ts'
import { correctionCommandNames, paperKey } from './events.ts'

type CorrectionCommand = FinishPaper | SettleDifference | { readonly sessionId: number; readonly version: number }

export interface CorrectionRefusal {
  readonly commandId: string
  readonly sessionId: number
  readonly code: number | string
  readonly message: string
}

export interface ExamCorrectionView {
  /** Her writes the server has not answered yet, oldest first. */
  readonly pending: ReadonlyArray<LogEvent<CorrectionCommand>>
  /** Per paper, the versions this device's own answered writes produced (a waiting write is rebased over them). */
  readonly ownVersions: Readonly<Record<string, ReadonlyArray<number>>>
  /** Per paper, the newest paper the server answered one of her writes with. */
  readonly latest: Readonly<Record<string, CorrectorExamSession>>
  readonly lastRefusal: CorrectionRefusal | null
  /** How many of these writes the server answered: the lists read again when it grows. */
  readonly answered: number
}

export const emptyCorrectionView: ExamCorrectionView = { pending: [], ownVersions: {}, latest: {}, lastRefusal: null, answered: 0 }

/** The correction writes' lifecycle as the correction pages read it (no domain events of their own). */
export const examCorrectionProjection = defineProjection<null, ExamCorrectionView>({
  id: 'examCorrection',
  initial: null,
  reducers: {},
  lifecycle: {
    commands: [...correctionCommandNames],
    recordOf: (command) => paperKey(command.payload as CorrectionCommand),
    // A settlement names no version (the supervisor's score wins whatever the markers did).
    rebasedFrom: (command) => (command.payload as { version?: number }).version ?? -Infinity,
  },
  view: (_, lifecycle) => ({
    pending: lifecycle.unanswered,
    ownVersions: lifecycle.ownVersions,
    latest: lifecycle.latest as Readonly<Record<string, CorrectorExamSession>>,
    lastRefusal:
      lifecycle.lastRefusal === null
        ? null
        : {
            commandId: lifecycle.lastRefusal.command.id,
            sessionId: (lifecycle.lastRefusal.command.payload as CorrectionCommand).sessionId,
            code: lifecycle.lastRefusal.code,
            message: lifecycle.lastRefusal.message,
          },
    answered: lifecycle.answers.length,
  }),
})
