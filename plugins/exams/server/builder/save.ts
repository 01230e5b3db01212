import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import type { ExamStatus, FixedExamCreate, FixedExamUpdate } from '../../contract/exam.ts'
import { totalPercentage } from '../../contract/exam-rules.ts'
import { nextExamStatus } from '../status/moves.ts'
import { ownDetails, ownExam, refuseIssues, refuseWithCode } from './access.ts'
import { examIssues } from './checks.ts'
import { examColumns, writeCorrectors, writeTarget } from './records.ts'
import { sql } from './sql.ts'

/** A new draft of the caller's, with its target and correctors. */
export const createFixedExam = (payload: FixedExamCreate) =>
  Effect.gen(function* () {
    yield* refuseIssues(yield* examIssues(payload, null))
    const caller = yield* CurrentCaller
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const [row] = yield* inSchool<{ id: number }>(sql.insertExam, [caller.userId, ...examColumns(payload)])
        yield* writeTarget(row!.id, payload.target)
        yield* writeCorrectors(row!.id, payload.correctors)
        return yield* ownDetails(row!.id)
      }),
    )
  })

/** Why the lifecycle refuses an edit in `status`. */
const editRefusal = (status: string) =>
  status === 'waitingForApproval' ? examCodes.examWaitingForApproval : status === 'rejected' ? examCodes.examRejected : examCodes.examNotEditable

/**
 * The whole exam again, at the version it was made against. The lifecycle says where the edit
 * leaves it (`teacher.edited`: a draft stays, an approved exam waits for approval again) and
 * refuses one waiting for approval, rejected, or sent to students.
 */
export const updateFixedExam = (payload: FixedExamUpdate) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(payload.examId)
    if (stored.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
    const { examId, version, ...content } = payload
    const edited = {
      type: 'teacher.edited',
      hasQuestions: content.questions.length > 0,
      sharesTotalHundred: totalPercentage(content.correctors) === 100,
    } as const
    const next = nextExamStatus(stored.status as ExamStatus, edited)
    if (next === null) return yield* refuseWithCode(editRefusal(stored.status))
    yield* refuseIssues(yield* examIssues(content, stored))
    const reason = next === stored.status ? stored.statusReason : null
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const [updated] = yield* inSchool<{ id: number }>(sql.updateExam, [examId, version, ...examColumns(content), next, reason])
        if (updated === undefined) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* writeTarget(examId, content.target)
        yield* writeCorrectors(examId, content.correctors)
        return yield* ownDetails(examId)
      }),
    )
  })

/** Its target, correctors and attempts go with it; only where the lifecycle handles `teacher.deleted` (before assignment). */
export const deleteExam = (examId: number) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(examId)
    if (nextExamStatus(stored.status as ExamStatus, { type: 'teacher.deleted' }) === null) return yield* refuseWithCode(examCodes.examCannotBeDeleted)
    yield* inSchool(sql.deleteExam, [examId])
    return null
  })

/** Its type's training variant (spec §4), one way; the lifecycle refuses it once published or rejected. */
export const switchToTraining = (examId: number) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(examId)
    if (nextExamStatus(stored.status as ExamStatus, { type: 'teacher.switchedToTraining' }, { training: stored.training }) === null)
      return yield* refuseWithCode(examCodes.examAlreadyPublished)
    if (!stored.training) yield* inSchool(sql.setTraining, [examId])
    return yield* ownDetails(examId)
  })
