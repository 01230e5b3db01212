import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { exportResults } from './csv.ts'
import { examResultsList } from './list.ts'
import { examResults, myExamResults, publishResults } from './results.ts'

/** The teacher's results of her exams (plugins/exams/contract/results-api.ts). */
export const ExamResultsHandlers = HttpApiBuilder.group(FaslApi, 'examResults', (handlers) =>
  handlers
    .handle('examResultsList', () => Effect.map(examResultsList, ok))
    .handle('examResults', ({ query }) => Effect.map(examResults(query.ExamID), ok))
    .handle('publishExamResults', ({ payload }) => Effect.map(publishResults(payload.examId), ok))
    .handle('exportExamResults', ({ query }) => exportResults(query.ExamID)),
)

/** A student's own published results. */
export const MyExamResultsHandlers = HttpApiBuilder.group(FaslApi, 'myExamResults', (handlers) =>
  handlers.handle('myExamResults', () => Effect.map(myExamResults, ok)),
)
