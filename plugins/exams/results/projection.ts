import type { Answer } from '../../../src/events/lifecycle.ts'
import { useStoreSnapshot } from '../../../src/events/react.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../../src/events/types.ts'
import { examResultsCommandNames } from './events.ts'

export interface ExamResultsView {
  /** Publishing commands the server has not answered yet (kept on this device until it has). */
  readonly pending: ReadonlyArray<LogEvent>
  /** Every answer in the order given: the page finds its own command's by id. */
  readonly answers: ReadonlyArray<Answer>
}

/** The publishing commands' lifecycle; no domain events of their own (the server's results hold what they did). */
export const examResultsProjection = defineProjection<null, ExamResultsView>({
  id: 'examResults',
  initial: null,
  reducers: {},
  lifecycle: { commands: examResultsCommandNames, recordOf: (command) => String((command.payload as { readonly examId: number }).examId) },
  view: (_, lifecycle: Lifecycle) => ({ pending: lifecycle.unanswered, answers: lifecycle.answers }),
})

/** Whether a publishing of `examId` waits on this device, and the answer to the command `commandId` once given. */
export const usePublishing = (examId: number, commandId: string | null) => {
  const view = useStoreSnapshot().views.examResults as ExamResultsView | undefined
  return {
    waiting: view?.pending.some((command) => (command.payload as { readonly examId: number }).examId === examId) ?? false,
    answer: commandId === null ? null : (view?.answers.find((answer) => answer.command.id === commandId) ?? null),
  }
}
