import type { Submission } from '../../contracts/questions/question.ts'
import type { StudentHomework } from '../homework/contract/submissions.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../src/events/types.ts'
import { myHomeworkCommandNames, myHomeworkEventNames as names, type MyHomeworkWrite } from './events.ts'

export interface MyHomeworkRejection {
  readonly commandId: string
  readonly homeworkId: number
  readonly submit: boolean
  readonly code: number | string
  readonly message: string
}

export interface MyHomeworkView {
  /** Her writes the server has not answered yet, oldest first. */
  readonly pending: ReadonlyArray<LogEvent<MyHomeworkWrite>>
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
  const mine = view.pending.filter((command) => command.payload.homeworkId === homeworkId && 'answers' in command.payload)
  const last = mine.at(-1)?.payload
  return last !== undefined && 'answers' in last ? last.answers : null
}

/** Whether she has handed it in on this device and the server has not answered yet. */
export const isSubmitWaiting = (view: MyHomeworkView, homeworkId: number): boolean =>
  view.pending.some((command) => command.name === names.submitRequested && command.payload.homeworkId === homeworkId)

/** Her writes' lifecycle as her pages show it (no domain events of its own), from the store's ledger. */
export const myHomeworkView = (lifecycle: Lifecycle<MyHomeworkWrite>): MyHomeworkView => {
  const refusal = lifecycle.lastRefusal
  return {
    pending: lifecycle.unanswered,
    ownVersions: lifecycle.ownVersions,
    latest: lifecycle.latest as Readonly<Record<number, StudentHomework>>,
    lastRejection:
      refusal === null
        ? null
        : {
            commandId: refusal.command.id,
            homeworkId: refusal.command.payload.homeworkId,
            submit: refusal.command.name === names.submitRequested,
            code: refusal.code,
            message: refusal.message,
          },
    answered: lifecycle.answers.length,
  }
}

export const myHomeworkProjection = defineProjection<null, MyHomeworkView>({
  id: 'myHomework',
  initial: null,
  reducers: {},
  lifecycle: {
    commands: [...myHomeworkCommandNames],
    recordOf: (command) => (command.payload as MyHomeworkWrite).homeworkId,
    // A write made with no version read yet rebases from her first answered one (rebaseFromNothing).
    rebasedFrom: (command) => (command.payload as MyHomeworkWrite).version ?? -Infinity,
  },
  view: (_, lifecycle) => myHomeworkView(lifecycle),
})
