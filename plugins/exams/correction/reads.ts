import type { CorrectorExamSession, CorrectorPapers, FlaggedDifference } from '../contract/correction.ts'
import { callApi } from '../../../src/api/client.ts'
import { useStoreSnapshot } from '../../../src/events/react.ts'
import { emptyCorrectionView, type ExamCorrectionView } from './projection.ts'

/** The correction reads, keyed as the pages' resource cache keeps them (one key per exam or paper). */
export const correctionReads = {
  papers: (examId: number) => ({
    key: ['examCorrectorPapers', examId] as const,
    load: (): Promise<CorrectorPapers> => callApi((c) => c.examCorrection.correctorPapers({ query: { ExamID: examId } })),
  }),
  paper: (sessionId: number) => ({
    key: ['examCorrectorPaper', sessionId] as const,
    load: (): Promise<CorrectorExamSession> => callApi((c) => c.examCorrection.correctorExamSession({ query: { ExamSessionID: sessionId } })),
  }),
  flagged: (examId: number) => ({
    key: ['examFlaggedDifferences', examId] as const,
    load: (): Promise<ReadonlyArray<FlaggedDifference>> => callApi((c) => c.examCorrection.flaggedDifferences({ query: { ExamID: examId } })),
  }),
}

/** The correction writes' view (empty until the store has loaded the exams' parts). */
export const useCorrectionView = (): ExamCorrectionView => (useStoreSnapshot().views.examCorrection as ExamCorrectionView | undefined) ?? emptyCorrectionView

/** The newer of the paper as read and as the server last answered one of her writes with it. */
export const newestPaper = (read: CorrectorExamSession | null, answered: CorrectorExamSession | undefined): CorrectorExamSession | null =>
  answered !== undefined && (read === null || answered.version > read.version) ? answered : read

/** `?paper=` and route ids: a positive whole number, else null. */
export const idOf = (text: string | null | undefined): number | null => (text != null && /^[1-9]\d{0,9}$/u.test(text) ? Number(text) : null)
