import type { SubmissionForCorrection } from '../../../contracts/submissions.ts'
import type { Confirmed, Rejected } from '../../../src/events/catalogue.ts'
import { defineProjection, type LogEvent } from '../../../src/events/types.ts'
import { correctionCommandNames, correctionEventNames as names, submissionKey, type SubmissionRef } from './events.ts'

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
}

const isSubmission = (result: unknown): result is SubmissionForCorrection =>
  typeof result === 'object' && result !== null && 'studentId' in result && 'version' in result

const requested = (state: CorrectionView, event: LogEvent<SubmissionRef & { version: number }>): CorrectionView => ({
  ...state,
  pending: [...state.pending, event],
})

export const correctionProjection = defineProjection<CorrectionView>({
  id: 'homeworkCorrection',
  initial: { pending: [], ownVersions: {}, latest: {}, lastRejection: null, answered: 0 },
  reducers: {
    [names.gradeRequested]: requested,
    [names.markCorrectedRequested]: requested,
    [names.reopenRequested]: requested,
    'v1.CommandConfirmed': (state, event: Confirmed) => {
      const command = state.pending.find((pending) => pending.id === event.payload.commandId)
      if (command === undefined) return state
      const key = submissionKey(command.payload)
      const result = event.payload.result
      const pending = state.pending.filter((entry) => entry.id !== command.id)
      if (!isSubmission(result) || result.version === null) return { ...state, pending, answered: state.answered + 1 }
      return {
        ...state,
        pending,
        answered: state.answered + 1,
        ownVersions: { ...state.ownVersions, [key]: [...(state.ownVersions[key] ?? []), result.version] },
        latest: { ...state.latest, [key]: result },
      }
    },
    'v1.CommandRejected': (state, event: Rejected) => {
      const command = state.pending.find((pending) => pending.id === event.payload.commandId)
      if (command === undefined) return state
      const { commandId, code, message } = event.payload
      return {
        ...state,
        pending: state.pending.filter((entry) => entry.id !== commandId),
        answered: state.answered + 1,
        lastRejection: { commandId, key: submissionKey(command.payload), code, message },
      }
    },
  },
  /** Answered correction commands and their answers: the server holds what they did. */
  compactable: (events) => {
    const ours = new Set(events.filter((event) => correctionCommandNames.has(event.name)).map((event) => event.id))
    const answered = events.filter(
      (event) => (event.name === 'v1.CommandConfirmed' || event.name === 'v1.CommandRejected') && ours.has((event as Confirmed).payload.commandId),
    )
    return [...answered.map((event) => event.id), ...answered.map((event) => (event as Confirmed).payload.commandId)]
  },
})
