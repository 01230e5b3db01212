import { saveHomeworkDraft, submitHomework, undoHandIn } from './commands.ts'
import { myHomeworkEvents } from './events.ts'
import { myHomeworkProjection } from './projection.ts'

/** What a student's homework gives the event store (plugin.ts loads this lazily). */
export const events = myHomeworkEvents
export const projections = [myHomeworkProjection]
export const commands = [saveHomeworkDraft, submitHomework, undoHandIn]
