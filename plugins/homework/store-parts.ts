import { cloneHomework, editHomework, insertHomework, removeHomework } from './commands.ts'
import { homeworkEvents } from './events.ts'
import { homeworkProjection } from './projection.ts'

/** What homework gives the event store (plugin.ts loads this lazily). */
export const events = homeworkEvents
export const projections = [homeworkProjection]
export const commands = [insertHomework, editHomework, removeHomework, cloneHomework]
