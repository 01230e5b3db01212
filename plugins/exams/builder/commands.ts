import type { FixedExamCreate, FixedExamUpdate } from '../contract/exam.ts'
import type { ExamCorrectorsForEdit, FixedExamDetails } from '../contract/exam-views.ts'
import { callApi } from '../../../src/api/client.ts'
import { rebaseVersion } from '../../../src/events/rebase-version.ts'
import { defineCommand, type DeliverContext } from '../../../src/events/types.ts'
import {
  examBuilderEventNames as names,
  type ExamApprovalRequested,
  type ExamCorrectorDecisionRequested,
  type ExamCorrectorResponseRequested,
  type ExamCorrectorsUpdateRequested,
  type ExamRef,
} from './events.ts'
import type { ExamBuilderView } from './projection.ts'

/** Every exam write goes one at a time on one queue: an approval waits for the save before it. */
const stream = 'examBuilder'

/**
 * The version a waiting write of `examId` is sent with: the one it was made against, moved past the
 * versions this device's own earlier writes of that exam produced meanwhile (two edits made offline
 * in a row: the second was made against the version read before the first was sent).
 */
const rebased = (examId: number, version: number, view: DeliverContext['view']) =>
  rebaseVersion(version, view<ExamBuilderView | null>('examBuilder')?.ownVersions[String(examId)] ?? [])

export const createExam = defineCommand<FixedExamCreate, FixedExamDetails>({
  event: names.createRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.examBuilder.createFixedExam({ payload }), { idempotencyKey }),
})

export const updateExam = defineCommand<FixedExamUpdate, FixedExamDetails>({
  event: names.updateRequested,
  stream,
  deliver: (payload, { idempotencyKey, view }) =>
    callApi((c) => c.examBuilder.updateFixedExam({ payload: { ...payload, version: rebased(payload.examId, payload.version, view) } }), { idempotencyKey }),
})

export const deleteExam = defineCommand<ExamRef, null>({
  event: names.deleteRequested,
  stream,
  deliver: ({ examId }, { idempotencyKey }) => callApi((c) => c.examBuilder.deleteExam({ payload: { examId } }), { idempotencyKey }),
})

export const switchToTraining = defineCommand<ExamRef, FixedExamDetails>({
  event: names.trainingRequested,
  stream,
  deliver: ({ examId }, { idempotencyKey }) => callApi((c) => c.examBuilder.switchExamToTrainingMode({ query: { ExamID: examId } }), { idempotencyKey }),
})

export const decideApproval = defineCommand<ExamApprovalRequested, FixedExamDetails>({
  event: names.approvalRequested,
  stream,
  deliver: ({ examId, decision, reason }, { idempotencyKey }) =>
    callApi((c) => c.examBuilder.updateApprovalStatus({ payload: { examId, decision, ...(reason ? { reason } : {}) } }), { idempotencyKey }),
})

export const assignExam = defineCommand<ExamRef, FixedExamDetails>({
  event: names.assignRequested,
  stream,
  deliver: ({ examId }, { idempotencyKey }) => callApi((c) => c.examBuilder.assignFixedExam({ payload: { examId } }), { idempotencyKey }),
})

export const respondAsCorrector = defineCommand<ExamCorrectorResponseRequested, null>({
  event: names.correctorResponded,
  stream,
  deliver: ({ examId, accept }, { idempotencyKey }) =>
    callApi((c) => c.examBuilder.respondToCorrectorAssignment({ payload: { examId, accept } }), { idempotencyKey }),
})

/** The author or a supervising corrector changes the correctors (UpdateCorrectors), rebased as a save is. */
export const updateCorrectors = defineCommand<ExamCorrectorsUpdateRequested, ExamCorrectorsForEdit>({
  event: names.correctorsUpdateRequested,
  stream,
  deliver: ({ title: _title, ...payload }, { idempotencyKey, view }) =>
    callApi((c) => c.examBuilder.updateCorrectors({ payload: { ...payload, version: rebased(payload.examId, payload.version, view) } }), { idempotencyKey }),
})

/** The supervising corrector approves a corrector who accepted, or sends her back with a reason. */
export const decideCorrector = defineCommand<ExamCorrectorDecisionRequested, ExamCorrectorsForEdit>({
  event: names.correctorDecisionRequested,
  stream,
  deliver: ({ examId, correctorId, decision, reason }, { idempotencyKey }) =>
    callApi((c) => c.examBuilder.updateCorrectorApprovalStatus({ payload: { examId, correctorId, decision, ...(reason ? { reason } : {}) } }), {
      idempotencyKey,
    }),
})

export const examBuilderCommands = [
  createExam,
  updateExam,
  deleteExam,
  switchToTraining,
  decideApproval,
  assignExam,
  respondAsCorrector,
  updateCorrectors,
  decideCorrector,
]
