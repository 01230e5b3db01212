import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import { ApprovalUpdate, CorrectorResponse, FixedExamCreate, FixedExamUpdate } from '../contract/exam.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/**
 * The exam builder's commands (the teacher's and the supervising corrector's): kept in the event
 * store and sent once by the outbox, the command's id being the call's Idempotency-Key, so a
 * network fault loses nothing.
 */
export const examBuilderEventNames = {
  createRequested: 'v1.ExamCreateRequested',
  updateRequested: 'v1.ExamUpdateRequested',
  deleteRequested: 'v1.ExamDeleteRequested',
  trainingRequested: 'v1.ExamTrainingModeRequested',
  approvalRequested: 'v1.ExamApprovalRequested',
  assignRequested: 'v1.ExamAssignRequested',
  correctorResponded: 'v1.ExamCorrectorResponseRequested',
} as const

/** An exam the command is about, with its title for the messages that name it. */
export const ExamRef = Schema.Struct({ examId: Id, title: Schema.String })
export type ExamRef = typeof ExamRef.Type

export const ExamApprovalRequested = Schema.Struct({ ...ApprovalUpdate.fields, title: Schema.String })
export type ExamApprovalRequested = typeof ExamApprovalRequested.Type
export const ExamCorrectorResponseRequested = Schema.Struct({ ...CorrectorResponse.fields, title: Schema.String })
export type ExamCorrectorResponseRequested = typeof ExamCorrectorResponseRequested.Type

export const examBuilderCommandNames: ReadonlyArray<string> = Object.values(examBuilderEventNames)

export const examBuilderEvents: EventCatalogue = {
  [examBuilderEventNames.createRequested]: { schema: FixedExamCreate },
  [examBuilderEventNames.updateRequested]: { schema: FixedExamUpdate },
  [examBuilderEventNames.deleteRequested]: { schema: ExamRef },
  [examBuilderEventNames.trainingRequested]: { schema: ExamRef },
  [examBuilderEventNames.approvalRequested]: { schema: ExamApprovalRequested },
  [examBuilderEventNames.assignRequested]: { schema: ExamRef },
  [examBuilderEventNames.correctorResponded]: { schema: ExamCorrectorResponseRequested },
}
