import { examCorrectionLine, measureExamCorrection } from './exam-correction.ts'
import { examSaveLines } from './exam-save.ts'

/**
 * The exam section of `npm run bench`: the pre-score and first open of a closed exam's correction
 * (exam-correction.ts), then the take-exam saves on PostgreSQL (exam-save.ts), whose two lines for
 * the bars come last: `exam save: 200 students, p50 A ms, p99 B ms (ceiling C req/s)` and
 * `exam capacity: N students under 100 ms p99`.
 */
export const examLines = async (serverEnv: Record<string, string>, seconds: number): Promise<string[]> => {
  const correction = examCorrectionLine(await measureExamCorrection(serverEnv))
  const saves = await examSaveLines(serverEnv, seconds)
  if (saves === null) return [correction, 'exam save: skipped: no DATABASE_URL and nothing on 127.0.0.1:5432', 'exam capacity: skipped']
  return [correction, ...saves.details, ...saves.bars]
}
