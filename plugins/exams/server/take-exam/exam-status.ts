import { Effect } from 'effect'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { sql } from './sql.ts'

/**
 * The exam moves from not viewed to in progress when its first student starts. A move another
 * request made first (two students starting together) is no move at all.
 */
export const examStartedByStudent = (examId: number) =>
  Effect.gen(function* () {
    const [exam] = yield* inSchool<{ status: string }>(sql.examStatus, [examId])
    if (exam === undefined || exam.status !== 'notViewed') return
    yield* inSchool(sql.moveExam, [examId, exam.status, 'inProgress'])
  })
