import { SaveExamAnswers } from '../contract/take-exam.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/**
 * A student's writes on her exam attempt: kept on the device (a reload or a lost connection loses
 * nothing she answered) and sent in order by the outbox, each with its Idempotency-Key.
 */
export const takeExamEventNames = {
  answersSaveRequested: 'v1.ExamAnswersSaveRequested',
  finishRequested: 'v1.ExamFinishRequested',
} as const

export const takeExamCommandNames: ReadonlyArray<string> = Object.values(takeExamEventNames)

export const takeExamEvents: EventCatalogue = {
  [takeExamEventNames.answersSaveRequested]: { schema: SaveExamAnswers },
  [takeExamEventNames.finishRequested]: { schema: SaveExamAnswers },
}
