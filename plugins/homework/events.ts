import { Schema } from 'effect'
import { Id } from '../../contracts/fields.ts'
import { HomeworkClone, HomeworkEdit, HomeworkInsert } from './contract/homework.ts'
import type { EventCatalogue } from '../../src/events/types.ts'

/** The homework commands the teacher makes; kept on the device and sent once by the outbox. */
export const HomeworkEditRequested = Schema.Struct({ classRoomId: Id, homework: HomeworkEdit })
export type HomeworkEditRequested = typeof HomeworkEditRequested.Type

export const HomeworkRemoveRequested = Schema.Struct({ classRoomId: Id, id: Id, title: Schema.String, forceDelete: Schema.Boolean })
export type HomeworkRemoveRequested = typeof HomeworkRemoveRequested.Type

export const homeworkEventNames = {
  insertRequested: 'v1.HomeworkInsertRequested',
  editRequested: 'v1.HomeworkEditRequested',
  removeRequested: 'v1.HomeworkRemoveRequested',
  cloneRequested: 'v1.HomeworkCloneRequested',
} as const

export const homeworkCommandNames: ReadonlySet<string> = new Set(Object.values(homeworkEventNames))

export const homeworkEvents: EventCatalogue = {
  [homeworkEventNames.insertRequested]: { schema: HomeworkInsert },
  [homeworkEventNames.editRequested]: { schema: HomeworkEditRequested },
  [homeworkEventNames.removeRequested]: { schema: HomeworkRemoveRequested },
  [homeworkEventNames.cloneRequested]: { schema: HomeworkClone },
}
