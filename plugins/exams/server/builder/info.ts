import { Effect } from 'effect'
import { found } from '../../../../server/db/found.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { ExamInfo } from '../../contract/exam-views.ts'
import { detailsOf, viewableExam } from './access.ts'
import { sql } from './sql.ts'

interface ExamNames {
  readonly subjectName: string
  readonly stageName: string
  readonly classRoomNames: ReadonlyArray<string>
  readonly studentNames: ReadonlyArray<string>
}

/** One exam for its details page: its author's, a corrector's or (a supervising corrector) any of her school's; 404 otherwise. */
export const examInfo = (examId: number) =>
  Effect.gen(function* () {
    const details = yield* Effect.flatMap(viewableExam(examId), detailsOf)
    const names = yield* Effect.flatMap(inSchool<ExamNames>(sql.examNames[yield* requestLocale], [examId]), found)
    const info: ExamInfo = { ...details, ...names }
    return info
  })
