import type { CorrectorExamSession, CorrectSessionQuestion, FinishPaper, FlaggedDifference, SettleDifference } from '../contract/correction.ts'
import { callApi } from '../../../src/api/client.ts'
import { rebaseVersion } from '../../../src/events/rebase-version.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { correctionEventNames, paperKey } from './events.ts'
import type { ExamCorrectionView } from './projection.ts'

/** One queue for every correction write: a finish never overtakes the marks before it. */
const stream = 'exams.correction'

/**
 * Each mark carries the paper's version she saw; one made while an earlier mark of this device was
 * waiting is moved over that mark's answer, so marking several questions in a row (or offline) is
 * no conflict with herself; a change from another tab or device still answers 139 and is shown.
 */
const rebased = <P extends { readonly sessionId: number; readonly version: number }>(payload: P, view: <V>(id: string) => V): P => ({
  ...payload,
  version: rebaseVersion(payload.version, view<ExamCorrectionView>('examCorrection').ownVersions[paperKey(payload)]),
})

export const markQuestion = defineCommand<CorrectSessionQuestion, CorrectorExamSession>({
  event: correctionEventNames.markRequested,
  stream,
  deliver: (payload, { idempotencyKey, view }) =>
    callApi((c) => c.examCorrection.correctSessionQuestion({ payload: rebased(payload, view) }), { idempotencyKey }),
})

export const finishPaper = defineCommand<FinishPaper, CorrectorExamSession>({
  event: correctionEventNames.finishPaperRequested,
  stream,
  deliver: (payload, { idempotencyKey, view }) => callApi((c) => c.examCorrection.finishPaper({ payload: rebased(payload, view) }), { idempotencyKey }),
})

export const settleDifference = defineCommand<SettleDifference, FlaggedDifference>({
  event: correctionEventNames.settleRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.examCorrection.settleDifference({ payload }), { idempotencyKey }),
})

export const examCorrectionCommands = [markQuestion, finishPaper, settleDifference]
