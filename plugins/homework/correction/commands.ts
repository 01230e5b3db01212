import type { CorrectionStep, ExtendDue, GradeAnswers, MarkCorrected, SubmissionForCorrection } from '../contract/submissions.ts'
import { rebaseFromNothing } from '../../../src/events/rebase-version.ts'
import { callApi } from '../../../src/api/client.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { correctionEventNames, submissionKey } from './events.ts'
import { type CorrectionView } from './projection.ts'

/**
 * The teacher's correction writes. Each carries the version it was made against; one made while an
 * earlier write of this device was waiting is moved over that write's answer, so a grade, then
 * "mark corrected" made offline both land; work changed elsewhere still answers 139 and is shown.
 */
const rebased = <P extends CorrectionStep>(payload: P, view: <V>(id: string) => V): P => ({
  ...payload,
  version: rebaseFromNothing(payload.version, view<CorrectionView>('homeworkCorrection').ownVersions[submissionKey(payload)]),
})

export const gradeSubmission = defineCommand<GradeAnswers, SubmissionForCorrection>({
  event: correctionEventNames.gradeRequested,
  stream: 'homeworkCorrection',
  deliver: (payload, { idempotencyKey, view }) => callApi((c) => c.homeworkCorrection.gradeAnswers({ payload: rebased(payload, view) }), { idempotencyKey }),
})

export const markSubmissionCorrected = defineCommand<MarkCorrected, SubmissionForCorrection>({
  event: correctionEventNames.markCorrectedRequested,
  stream: 'homeworkCorrection',
  deliver: (payload, { idempotencyKey, view }) => callApi((c) => c.homeworkCorrection.markCorrected({ payload: rebased(payload, view) }), { idempotencyKey }),
})

export const reopenSubmission = defineCommand<CorrectionStep, SubmissionForCorrection>({
  event: correctionEventNames.reopenRequested,
  stream: 'homeworkCorrection',
  deliver: (payload, { idempotencyKey, view }) =>
    callApi((c) => c.homeworkCorrection.reopenCorrection({ payload: rebased(payload, view) }), { idempotencyKey }),
})

/** One student's own later due date: it names no version (a date, not her work), so it is sent as made. */
export const extendStudentDue = defineCommand<ExtendDue, SubmissionForCorrection>({
  event: correctionEventNames.dueExtensionRequested,
  stream: 'homeworkCorrection',
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.homeworkCorrection.extendDue({ payload }), { idempotencyKey }),
})
