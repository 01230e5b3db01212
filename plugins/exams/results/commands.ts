import type { ExamResults } from '../contract/results.ts'
import { callApi } from '../../../src/api/client.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { examResultsEventNames, type ExamResultsRef } from './events.ts'

/** done → published: each student then sees her own result. */
export const publishExamResults = defineCommand<ExamResultsRef, ExamResults>({
  event: examResultsEventNames.publishRequested,
  stream: 'examResults',
  deliver: ({ examId }, { idempotencyKey }) => callApi((c) => c.examResults.publishExamResults({ payload: { examId } }), { idempotencyKey }),
})

export const examResultsCommands = [publishExamResults]
