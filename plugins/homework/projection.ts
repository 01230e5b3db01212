import type { HomeworkClone, HomeworkInsert, HomeworkSaved } from './contract/homework.ts'
import type { Refusal } from '../../src/events/lifecycle.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../src/events/types.ts'
import { homeworkCommandNames, homeworkEventNames as names, type HomeworkEditRequested, type HomeworkRemoveRequested } from './events.ts'

export interface HomeworkRejection {
  readonly commandId: string
  readonly commandName: string
  readonly classRoomId: number
  readonly code: number | string
  readonly message: string
  readonly fields: Readonly<Record<string, string>>
  /** For a refused delete: what it was, so the page can ask again with forceDelete. */
  readonly remove: HomeworkRemoveRequested | null
  /** For a refused save or edit: what the teacher wrote, so it can be opened again and corrected (never lost). */
  readonly content: HomeworkInsert | null
  /** The homework an edit was for. */
  readonly homeworkId: number | null
  readonly title: string
}

export interface HomeworkNotice {
  readonly commandId: string
  readonly classRoomId: number
  readonly message: string
}

export interface HomeworkView {
  /** Homework commands the server has not answered yet (the teacher's work kept on this device). */
  readonly pending: ReadonlyArray<LogEvent>
  readonly lastRejection: HomeworkRejection | null
  /** The "homework already exists for the class" warning of the newest answer, when it carries one. */
  readonly lastWarning: HomeworkNotice | null
  /** How many homework commands the server has answered: the list reads again when it grows. */
  readonly answered: number
}

/** The class room a command is for. */
export const classRoomOf = (command: LogEvent): number => {
  if (command.name === names.editRequested) return (command.payload as HomeworkEditRequested).classRoomId
  if (command.name === names.removeRequested) return (command.payload as HomeworkRemoveRequested).classRoomId
  return (command.payload as HomeworkInsert | HomeworkClone).classRoomId
}

const isSaved = (result: unknown): result is HomeworkSaved => typeof result === 'object' && result !== null && 'homework' in result && 'warning' in result

/** A refusal as the page shows it: for a save or an edit, what the teacher wrote (never lost); for a delete, what it was. */
const rejectionOf = ({ command, code, message, fields }: Refusal): HomeworkRejection => {
  const remove = command.name === names.removeRequested ? (command.payload as HomeworkRemoveRequested) : null
  const edit = command.name === names.editRequested ? (command.payload as HomeworkEditRequested) : null
  const content =
    command.name === names.insertRequested ? (command.payload as HomeworkInsert) : edit ? { classRoomId: edit.classRoomId, ...edit.homework } : null
  return {
    commandId: command.id,
    commandName: command.name,
    classRoomId: classRoomOf(command),
    code,
    message,
    fields,
    remove,
    content,
    homeworkId: edit?.homework.id ?? null,
    title: remove?.title ?? content?.title ?? '',
  }
}

/** The homework commands' lifecycle as the class room's homework tab shows it; no domain events of its own. */
export const homeworkView = (lifecycle: Lifecycle): HomeworkView => {
  // Said once, by the save that warned: a later answer (editing that homework, another save) is not
  // the same warning again, as it was while the newest warning of all stayed on after each save.
  const newest = lifecycle.answers.at(-1)
  const warned = newest?.kind === 'confirmed' && isSaved(newest.result) && newest.result.warning !== null ? newest : undefined
  return {
    pending: lifecycle.unanswered,
    lastRejection: lifecycle.lastRefusal === null ? null : rejectionOf(lifecycle.lastRefusal),
    lastWarning:
      warned?.kind === 'confirmed'
        ? { commandId: warned.command.id, classRoomId: classRoomOf(warned.command), message: (warned.result as HomeworkSaved).warning!.message }
        : null,
    answered: lifecycle.answers.length,
  }
}

export const homeworkProjection = defineProjection<null, HomeworkView>({
  id: 'homework',
  initial: null,
  reducers: {},
  // Answered commands go at compaction (the store's): the server's list holds what they did. Each
  // class room's list is one record: its page applies that room's waiting commands (homework-lines.ts).
  lifecycle: { commands: [...homeworkCommandNames], recordOf: classRoomOf },
  view: (_, lifecycle) => homeworkView(lifecycle),
})
