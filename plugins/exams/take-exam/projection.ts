import type { SaveExamAnswers } from '../contract/take-exam.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../../src/events/types.ts'
import { takeExamCommandNames, takeExamEventNames } from './events.ts'

export interface TakeExamRefusal {
  readonly commandId: string
  readonly token: string
  readonly finish: boolean
  readonly code: number | string
  readonly message: string
}

export interface TakeExamView {
  /** Her writes the server has not answered yet, oldest first. */
  readonly pending: ReadonlyArray<LogEvent<SaveExamAnswers>>
  /** Per link, the ids of her finishes the server took. */
  readonly finishedLinks: ReadonlyArray<string>
  readonly lastRefusal: TakeExamRefusal | null
}

export const emptyTakeExamView: TakeExamView = { pending: [], finishedLinks: [], lastRefusal: null }

/** What this device still has to send for the attempt behind `token`: its newest write, or null. */
export const waitingWrite = (view: TakeExamView, token: string): SaveExamAnswers | null =>
  view.pending.filter((command) => command.payload.token === token).at(-1)?.payload ?? null

export const isFinishWaiting = (view: TakeExamView, token: string): boolean =>
  view.pending.some((command) => command.name === takeExamEventNames.finishRequested && command.payload.token === token)

export const takeExamView = (lifecycle: Lifecycle<SaveExamAnswers>): TakeExamView => {
  const refusal = lifecycle.lastRefusal
  return {
    pending: lifecycle.unanswered,
    finishedLinks: lifecycle.answers
      .filter((answer) => answer.kind === 'confirmed' && answer.command.name === takeExamEventNames.finishRequested)
      .map((answer) => answer.command.payload.token),
    lastRefusal:
      refusal === null
        ? null
        : {
            commandId: refusal.command.id,
            token: refusal.command.payload.token,
            finish: refusal.command.name === takeExamEventNames.finishRequested,
            code: refusal.code,
            message: refusal.message,
          },
  }
}

/** Her attempt's writes as the take-exam page reads them: no domain events of its own, the store's ledger of its commands. */
export const takeExamProjection = defineProjection<null, TakeExamView>({
  id: 'takeExam',
  initial: null,
  reducers: {},
  lifecycle: {
    commands: [...takeExamCommandNames],
    recordOf: (command) => (command.payload as SaveExamAnswers).token,
  },
  view: (_, lifecycle) => takeExamView(lifecycle),
})
