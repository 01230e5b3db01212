import { callApi } from '../../../src/api/client.ts'
import type { SavedExamAnswers, SaveExamAnswers } from '../contract/take-exam.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { takeExamEventNames } from './events.ts'

/** One queue for the attempt's writes: a save never overtakes the finish, nor the reverse. */
const stream = 'exams.take'

/** Her answers and marks so far (Sessions/SaveExamAnswers), given at `givenAt` by the server's clock. */
export const saveExamAnswers = defineCommand<SaveExamAnswers, SavedExamAnswers>({
  event: takeExamEventNames.answersSaveRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.takeExam.saveExamAnswers({ payload }), { idempotencyKey }),
})

/** Her last answers, and the end of her attempt (Sessions/FinishExamSession). */
export const finishExamSession = defineCommand<SaveExamAnswers, SavedExamAnswers>({
  event: takeExamEventNames.finishRequested,
  stream,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.takeExam.finishExamSession({ payload }), { idempotencyKey }),
})
