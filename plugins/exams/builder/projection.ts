import type { Answer } from '../../../src/events/lifecycle.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../../src/events/types.ts'
import { examBuilderCommandNames, examBuilderEventNames as names } from './events.ts'

/** A command's exam ('new' for a created one: it has no id until the server answers). */
export const examOfCommand = (command: LogEvent): string => {
  const payload = command.payload as { readonly examId?: number }
  return command.name === names.createRequested || payload.examId === undefined ? 'new' : String(payload.examId)
}

export interface ExamBuilderView {
  /** The exam commands the server has not answered yet (kept on this device until it has). */
  readonly pending: ReadonlyArray<LogEvent>
  /** Every answer, in the order given: a page finds its own command's by id. */
  readonly answers: ReadonlyArray<Answer>
  /** The newest refusal, for the list to say which change was not made and why. */
  readonly lastRefusal: Answer | null
  /** How many commands the server has answered: the lists read again when it grows. */
  readonly answered: number
}

/** The exam commands' lifecycle; no domain events of their own (the server's lists hold what they did). */
export const examBuilderProjection = defineProjection<null, ExamBuilderView>({
  id: 'examBuilder',
  initial: null,
  reducers: {},
  lifecycle: { commands: examBuilderCommandNames, recordOf: examOfCommand },
  view: (_, lifecycle: Lifecycle) => ({
    pending: lifecycle.unanswered,
    answers: lifecycle.answers,
    lastRefusal: lifecycle.lastRefusal,
    answered: lifecycle.answers.length,
  }),
})
