import { SaveAnswers, UndoHandIn } from '../homework/contract/submissions.ts'
import type { EventCatalogue } from '../../src/events/types.ts'

/** A student's writes on her homework: kept on the device (her draft survives a reload and a lost connection) and sent once by the outbox. */
export const myHomeworkEventNames = {
  draftSaveRequested: 'v1.MyHomeworkDraftSaveRequested',
  submitRequested: 'v1.MyHomeworkSubmitRequested',
  undoHandInRequested: 'v1.MyHomeworkUndoHandInRequested',
} as const

/** What her writes carry: her answers (a draft, a hand-in), or the hand-in to take back. */
export type MyHomeworkWrite = SaveAnswers | UndoHandIn

export const myHomeworkCommandNames: ReadonlySet<string> = new Set(Object.values(myHomeworkEventNames))

export const myHomeworkEvents: EventCatalogue = {
  [myHomeworkEventNames.draftSaveRequested]: { schema: SaveAnswers },
  [myHomeworkEventNames.submitRequested]: { schema: SaveAnswers },
  [myHomeworkEventNames.undoHandInRequested]: { schema: UndoHandIn },
}
