import { Effect } from 'effect'
import { requestLocale } from '../../../../server/http/request.ts'
import { Clock } from '../../../../server/services/clock.ts'
import { asCaller } from '../../../../server/services/tenancy.ts'
import { latestResultsDays, type ExamResultsList, type ExamResultsLine } from '../../contract/results.ts'
import { settleExamClock } from '../status/exam-clock.ts'
import { resultsSql } from './sql.ts'

const dayMs = 86_400_000

/**
 * The caller's results list (contract/results.ts ExamResultsList). Her school's exams whose end has
 * passed are moved by the clock first, so one that closed since anyone last looked is listed as
 * under correction rather than missing. Published exams older than `latestResultsDays` by their last
 * status move (the publishing) go to the archive.
 */
export const examResultsList = Effect.gen(function* () {
  yield* settleExamClock()
  const lines = yield* asCaller<ExamResultsLine>(resultsSql.ownResultsList[yield* requestLocale])
  const archivedBefore = (yield* Clock).now() - latestResultsDays * dayMs
  const archived = (line: ExamResultsLine) => line.status === 'published' && Date.parse(line.changedAt) < archivedBefore
  return { latest: lines.filter((line) => !archived(line)), archive: lines.filter(archived) } satisfies ExamResultsList
})
