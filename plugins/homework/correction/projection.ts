import type { SubmissionForCorrection } from '../contract/submissions.ts'
import { defineProjection, type LogEvent } from '../../../src/events/types.ts'
import { correctionCommandNames, correctionEventNames, submissionKey, type SubmissionRef } from './events.ts'

export interface CorrectionRejection {
  readonly commandId: string
  readonly key: string
  readonly code: number | string
  readonly message: string
}

export interface CorrectionView {
  /** Correction commands the server has not answered yet: the teacher's work kept on this device. */
  readonly pending: ReadonlyArray<LogEvent<SubmissionRef & { version: number }>>
  /** Per submission, the versions this device's own answered writes produced (to rebase a waiting write over them). */
  readonly ownVersions: Readonly<Record<string, ReadonlyArray<number>>>
  /** Per submission, the newest work the server answered a write with. */
  readonly latest: Readonly<Record<string, SubmissionForCorrection>>
  readonly lastRejection: CorrectionRejection | null
  readonly answered: number
  /**
   * Extensions the server confirmed. An extension changes her due date, not her work, so its answer
   * may carry no newer version than the page's read (work never opened has none): the page reads the work again.
   */
  readonly extensionsConfirmed: number
}

/**
 * The correction commands' lifecycle as the correction page shows it (no domain events of its own):
 * its own versions and newest answer per submission come from the store's ledger.
 */
export const correctionProjection = defineProjection<null, CorrectionView>({
  id: 'homeworkCorrection',
  initial: null,
  reducers: {},
  lifecycle: {
    commands: [...correctionCommandNames],
    recordOf: (command) => submissionKey(command.payload as SubmissionRef),
    // A write made with no version read yet rebases from this device's first one (rebaseFromNothing).
    rebasedFrom: (command) => (command.payload as { version: number | null }).version ?? -Infinity,
  },
  view: (_, lifecycle) => ({
    pending: lifecycle.unanswered,
    ownVersions: lifecycle.ownVersions,
    latest: lifecycle.latest as Readonly<Record<string, SubmissionForCorrection>>,
    lastRejection:
      lifecycle.lastRefusal === null
        ? null
        : {
            commandId: lifecycle.lastRefusal.command.id,
            key: submissionKey(lifecycle.lastRefusal.command.payload as SubmissionRef),
            code: lifecycle.lastRefusal.code,
            message: lifecycle.lastRefusal.message,
          },
    answered: lifecycle.answers.length,
    extensionsConfirmed: lifecycle.answers.filter((answer) => answer.kind === 'confirmed' && answer.command.name === correctionEventNames.dueExtensionRequested)
      .length,
  }),
})
