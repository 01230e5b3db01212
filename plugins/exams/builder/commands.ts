import type { FixedExamCreate, FixedExamUpdate } from '../contract/exam.ts'
import type { FixedExamDetails } from '../contract/exam-views.ts'
import { callApi } from '../../../src/api/client.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { examBuilderEventNames as names, type ExamApprovalRequested, type ExamCorrectorResponseRequested, type ExamRef } from './events.ts'

/** Every exam write goes one at a time on one queue: an approval waits for the save before it. */
const stream = 'examBuilder'

export const createExam = defineCommand<FixedExamCreate, FixedExamDetails>({
  event: names.createRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.examBuilder.createFixedExam({ payload }), { idempotencyKey }),
})

export const updateExam = defineCommand<FixedExamUpdate, FixedExamDetails>({
  event: names.updateRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.examBuilder.updateFixedExam({ payload }), { idempotencyKey }),
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

export const examBuilderCommands = [createExam, updateExam, deleteExam, switchToTraining, decideApproval, assignExam, respondAsCorrector]
