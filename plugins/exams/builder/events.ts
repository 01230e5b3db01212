import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import { ApprovalUpdate, CorrectorApprovalUpdate, CorrectorResponse, CorrectorsUpdate, FixedExamCreate, FixedExamUpdate } from '../contract/exam.ts'
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
  correctorsUpdateRequested: 'v1.ExamCorrectorsUpdateRequested',
  correctorDecisionRequested: 'v1.ExamCorrectorDecisionRequested',
} as const

/** Not a command: the teacher puts aside a refused save she will not reopen (this device only). */
export const examRefusalDismissed = 'v1.ExamSaveRefusalDismissed'
export const ExamRefusalDismissed = Schema.Struct({ commandId: Schema.String })
export type ExamRefusalDismissed = typeof ExamRefusalDismissed.Type

/** An exam the command is about, with its title for the messages that name it. */
export const ExamRef = Schema.Struct({ examId: Id, title: Schema.String })
export type ExamRef = typeof ExamRef.Type

export const ExamApprovalRequested = Schema.Struct({ ...ApprovalUpdate.fields, title: Schema.String })
export type ExamApprovalRequested = typeof ExamApprovalRequested.Type
export const ExamCorrectorResponseRequested = Schema.Struct({ ...CorrectorResponse.fields, title: Schema.String })
export type ExamCorrectorResponseRequested = typeof ExamCorrectorResponseRequested.Type

export const ExamCorrectorsUpdateRequested = Schema.Struct({ ...CorrectorsUpdate.fields, title: Schema.String })
export type ExamCorrectorsUpdateRequested = typeof ExamCorrectorsUpdateRequested.Type
/** The corrector's name rides along for the messages that name her. */
export const ExamCorrectorDecisionRequested = Schema.Struct({ ...CorrectorApprovalUpdate.fields, title: Schema.String, correctorName: Schema.String })
export type ExamCorrectorDecisionRequested = typeof ExamCorrectorDecisionRequested.Type

export const examBuilderCommandNames: ReadonlyArray<string> = Object.values(examBuilderEventNames)

export const examBuilderEvents: EventCatalogue = {
  [examBuilderEventNames.createRequested]: { schema: FixedExamCreate },
  [examBuilderEventNames.updateRequested]: { schema: FixedExamUpdate },
  [examBuilderEventNames.deleteRequested]: { schema: ExamRef },
  [examBuilderEventNames.trainingRequested]: { schema: ExamRef },
  [examBuilderEventNames.approvalRequested]: { schema: ExamApprovalRequested },
  [examBuilderEventNames.assignRequested]: { schema: ExamRef },
  [examBuilderEventNames.correctorResponded]: { schema: ExamCorrectorResponseRequested },
  [examBuilderEventNames.correctorsUpdateRequested]: { schema: ExamCorrectorsUpdateRequested },
  [examBuilderEventNames.correctorDecisionRequested]: { schema: ExamCorrectorDecisionRequested },
  [examRefusalDismissed]: { schema: ExamRefusalDismissed },
}
