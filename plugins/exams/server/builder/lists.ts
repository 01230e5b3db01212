import { Effect } from 'effect'
import { requestLocale } from '../../../../server/http/request.ts'
import type { CorrectorStatus, ExamStatus, TeacherExamsTab } from '../../contract/exam.ts'
import type { CorrectorExamSummary, ExamSummary } from '../../contract/exam-views.ts'
import { settleExamClock } from '../status/exam-clock.ts'
import { mustSupervise } from './access.ts'
import { sql } from './sql.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'

/** The caller's own exams, of one tab and (or) one status. */
export const teacherExams = (query: { readonly tab?: TeacherExamsTab; readonly status?: ExamStatus }) =>
  Effect.gen(function* () {
    yield* settleExamClock()
    return yield* asCaller<ExamSummary>(sql.teacherExams[yield* requestLocale], query.tab ?? null, query.status ?? null)
  })

/** A supervising corrector's: her school's exams waiting for approval (or of `status`), each with its teacher. */
export const teacherAssignedExams = (query: { readonly status?: ExamStatus }) =>
  Effect.gen(function* () {
    yield* mustSupervise
    yield* settleExamClock()
    return yield* inSchool<ExamSummary>(sql.schoolExamsOfStatus[yield* requestLocale], [query.status ?? 'waitingForApproval'], { prepared: true })
  })

/** The exams the caller corrects, with her share and status. */
export const correctorExams = (query: { readonly status?: CorrectorStatus }) =>
  Effect.gen(function* () {
    yield* settleExamClock()
    return yield* asCaller<CorrectorExamSummary>(sql.correctorExams[yield* requestLocale], query.status ?? null)
  })
