import type { HomeworkClone, HomeworkInsert, HomeworkSaved } from '../../contracts/homework.ts'
import type { Confirmed, Rejected } from '../../src/events/catalogue.ts'
import { defineProjection, type LogEvent } from '../../src/events/types.ts'
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
  /** The newest "homework already exists for the class" warning a save answered. */
  readonly lastWarning: HomeworkNotice | null
  /** How many homework commands the server has answered: the list reads again when it grows. */
  readonly answered: number
}

type HomeworkState = HomeworkView

/** The class room a command is for. */
export const classRoomOf = (command: LogEvent): number => {
  if (command.name === names.editRequested) return (command.payload as HomeworkEditRequested).classRoomId
  if (command.name === names.removeRequested) return (command.payload as HomeworkRemoveRequested).classRoomId
  return (command.payload as HomeworkInsert | HomeworkClone).classRoomId
}

const isSaved = (result: unknown): result is HomeworkSaved => typeof result === 'object' && result !== null && 'homework' in result && 'warning' in result

const requested = (state: HomeworkState, event: LogEvent) => ({ ...state, pending: [...state.pending, event] })

export const homeworkProjection = defineProjection<HomeworkState, HomeworkView>({
  id: 'homework',
  initial: { pending: [], lastRejection: null, lastWarning: null, answered: 0 },
  reducers: {
    [names.insertRequested]: requested,
    [names.editRequested]: requested,
    [names.removeRequested]: requested,
    [names.cloneRequested]: requested,
    'v1.CommandConfirmed': (state, event: Confirmed) => {
      const command = state.pending.find((pending) => pending.id === event.payload.commandId)
      if (command === undefined) return state
      const pending = state.pending.filter((entry) => entry.id !== command.id)
      const { result } = event.payload
      const warning =
        isSaved(result) && result.warning !== null
          ? { commandId: command.id, classRoomId: classRoomOf(command), message: result.warning.message }
          : state.lastWarning
      return { ...state, pending, lastWarning: warning, answered: state.answered + 1 }
    },
    'v1.CommandRejected': (state, event: Rejected) => {
      const command = state.pending.find((pending) => pending.id === event.payload.commandId)
      if (command === undefined) return state
      const { commandId, code, message, fields = {} } = event.payload
      // Dropping the command is the rollback: the list shows the server's homework again.
      const pending = state.pending.filter((entry) => entry.id !== commandId)
      const remove = command.name === names.removeRequested ? (command.payload as HomeworkRemoveRequested) : null
      const edit = command.name === names.editRequested ? (command.payload as HomeworkEditRequested) : null
      const content =
        command.name === names.insertRequested ? (command.payload as HomeworkInsert) : edit ? { classRoomId: edit.classRoomId, ...edit.homework } : null
      const title = remove?.title ?? content?.title ?? ''
      return {
        ...state,
        pending,
        answered: state.answered + 1,
        lastRejection: {
          commandId,
          commandName: command.name,
          classRoomId: classRoomOf(command),
          code,
          message,
          fields,
          remove,
          content,
          homeworkId: edit?.homework.id ?? null,
          title,
        },
      }
    },
  },
  /** Answered commands and their answers: the server's list holds what they did. */
  compactable: (events) => {
    const answers = events.filter((event) => event.name === 'v1.CommandConfirmed' || event.name === 'v1.CommandRejected')
    const ours = new Set(events.filter((event) => homeworkCommandNames.has(event.name)).map((event) => event.id))
    const answered = answers.filter((event) => ours.has((event as Confirmed).payload.commandId))
    return [...answered.map((event) => event.id), ...answered.map((event) => (event as Confirmed).payload.commandId)]
  },
})
