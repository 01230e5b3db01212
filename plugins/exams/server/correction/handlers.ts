import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { flaggedDifferences, settleDifference } from './differences.ts'
import { correctorPapers, correctorSession, correctQuestion, finishPaper } from './papers.ts'

/** Correctors grading their papers and the supervisor settling differences (plugins/exams/contract/correction-api.ts). */
export const ExamCorrectionHandlers = HttpApiBuilder.group(FaslApi, 'examCorrection', (handlers) =>
  handlers
    .handle('correctorPapers', ({ query }) => Effect.map(correctorPapers(query.ExamID), ok))
    .handle('correctorExamSession', ({ query }) => Effect.map(correctorSession(query.ExamSessionID), ok))
    .handle('correctSessionQuestion', ({ payload }) => Effect.map(correctQuestion(payload), ok))
    .handle('finishPaper', ({ payload }) => Effect.map(finishPaper(payload), ok))
    .handle('flaggedDifferences', ({ query }) => Effect.map(flaggedDifferences(query.ExamID), ok))
    .handle('settleDifference', ({ payload }) => Effect.map(settleDifference(payload), ok)),
)
