import type { Submission } from '../../contracts/questions/question.ts'
import type { SaveAnswers, StudentHomework } from '../../contracts/submissions.ts'
import type { Confirmed, Rejected } from '../../src/events/catalogue.ts'
import { defineProjection, type LogEvent } from '../../src/events/types.ts'
import { myHomeworkCommandNames, myHomeworkEventNames as names } from './events.ts'

export interface MyHomeworkRejection {
  readonly commandId: string
  readonly homeworkId: number
  readonly submit: boolean
  readonly code: number | string
  readonly message: string
}

export interface MyHomeworkView {
  /** Her writes the server has not answered yet, oldest first. */
  readonly pending: ReadonlyArray<LogEvent<SaveAnswers>>
  /** Per homework, the versions her own answered writes produced (a waiting write is moved over them). */
  readonly ownVersions: Readonly<Record<number, ReadonlyArray<number>>>
  /** Per homework, the newest state the server answered one of her writes with. */
  readonly latest: Readonly<Record<number, StudentHomework>>
  readonly lastRejection: MyHomeworkRejection | null
  readonly answered: number
}

export const emptyMyHomeworkView: MyHomeworkView = { pending: [], ownVersions: {}, latest: {}, lastRejection: null, answered: 0 }

/** Her answers as this device holds them: the newest waiting write's, else none (the server's are current). */
export const waitingAnswers = (view: MyHomeworkView, homeworkId: number): Submission | null => {
  const mine = view.pending.filter((command) => command.payload.homeworkId === homeworkId)
  return mine.at(-1)?.payload.answers ?? null
}

/** Whether she has handed it in on this device and the server has not answered yet. */
export const isSubmitWaiting = (view: MyHomeworkView, homeworkId: number): boolean =>
  view.pending.some((command) => command.name === names.submitRequested && command.payload.homeworkId === homeworkId)

const isStudentHomework = (result: unknown): result is StudentHomework =>
  typeof result === 'object' && result !== null && 'homeworkId' in result && 'questions' in result

const requested = (state: MyHomeworkView, event: LogEvent<SaveAnswers>): MyHomeworkView => ({ ...state, pending: [...state.pending, event] })

export const myHomeworkProjection = defineProjection<MyHomeworkView>({
  id: 'myHomework',
  initial: emptyMyHomeworkView,
  reducers: {
    [names.draftSaveRequested]: requested,
    [names.submitRequested]: requested,
    'v1.CommandConfirmed': (state, event: Confirmed) => {
      const command = state.pending.find((pending) => pending.id === event.payload.commandId)
      if (command === undefined) return state
      const { homeworkId } = command.payload
      const pending = state.pending.filter((entry) => entry.id !== command.id)
      const result = event.payload.result
      if (!isStudentHomework(result) || result.version === null) return { ...state, pending, answered: state.answered + 1 }
      return {
        ...state,
        pending,
        answered: state.answered + 1,
        ownVersions: { ...state.ownVersions, [homeworkId]: [...(state.ownVersions[homeworkId] ?? []), result.version] },
        latest: { ...state.latest, [homeworkId]: result },
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
        lastRejection: { commandId, homeworkId: command.payload.homeworkId, submit: command.name === names.submitRequested, code, message },
      }
    },
  },
  /** Answered writes and their answers: the server holds what they did. */
  compactable: (events) => {
    const ours = new Set(events.filter((event) => myHomeworkCommandNames.has(event.name)).map((event) => event.id))
    const answered = events.filter(
      (event) => (event.name === 'v1.CommandConfirmed' || event.name === 'v1.CommandRejected') && ours.has((event as Confirmed).payload.commandId),
    )
    return [...answered.map((event) => event.id), ...answered.map((event) => (event as Confirmed).payload.commandId)]
  },
})
