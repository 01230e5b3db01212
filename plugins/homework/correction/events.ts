import { CorrectionStep, ExtendDue, GradeAnswers, MarkCorrected } from '../contract/submissions.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/** The teacher's correction commands: kept on the device and sent once by the outbox (the Idempotency-Key is the event's id). */
export const correctionEventNames = {
  gradeRequested: 'v1.SubmissionGradeRequested',
  markCorrectedRequested: 'v1.SubmissionMarkCorrectedRequested',
  reopenRequested: 'v1.SubmissionReopenRequested',
  dueExtensionRequested: 'v1.SubmissionDueExtensionRequested',
} as const

export const correctionCommandNames: ReadonlySet<string> = new Set(Object.values(correctionEventNames))

export type SubmissionRef = { readonly homeworkId: number; readonly studentId: number }

export const correctionEvents: EventCatalogue = {
  [correctionEventNames.gradeRequested]: { schema: GradeAnswers },
  [correctionEventNames.markCorrectedRequested]: { schema: MarkCorrected },
  [correctionEventNames.reopenRequested]: { schema: CorrectionStep },
  [correctionEventNames.dueExtensionRequested]: { schema: ExtendDue },
}

/** One submission's key in the projection's maps. */
export const submissionKey = ({ homeworkId, studentId }: SubmissionRef): string => `${homeworkId}:${studentId}`
