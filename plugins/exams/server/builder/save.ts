import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import type { ExamStatus, FixedExamCreate, FixedExamUpdate } from '../../contract/exam.ts'
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

/**
 * The whole exam again, at the version it was made against. The lifecycle says where an edit
 * leaves it (a submitted or approved exam goes back to draft) and refuses one once it is open.
 */
export const updateFixedExam = (payload: FixedExamUpdate) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(payload.examId)
    if (stored.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
    const next = nextExamStatus(stored.status as ExamStatus, 'teacher.edited')
    if (next === null) return yield* refuseWithCode(examCodes.examNotEditable)
    const { examId, version, ...content } = payload
    yield* refuseIssues(yield* examIssues(content, stored))
    const reason = next === stored.status ? stored.statusReason : null
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const columns = examColumns(content)
        const [updated] = yield* inSchool<{ id: number }>(sql.updateExam, [examId, version, ...columns, next, reason])
        if (updated === undefined) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* writeTarget(examId, content.target)
        yield* writeCorrectors(examId, content.correctors)
        return yield* ownDetails(examId)
      }),
    )
  })

/** Its target, correctors and (none yet) attempts go with it; refused once its students have it. */
export const deleteExam = (examId: number) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(examId)
    if (nextExamStatus(stored.status as ExamStatus, 'teacher.deleted') === null) return yield* refuseWithCode(examCodes.examCannotBeDeleted)
    yield* inSchool(sql.deleteExam, [examId])
    return null
  })

/** Its type's training variant (spec §4: an exam can be switched to training mode); refused once published. */
export const switchToTraining = (examId: number) =>
  Effect.gen(function* () {
    const stored = yield* ownExam(examId)
    if (stored.status === 'published') return yield* refuseWithCode(examCodes.examAlreadyPublished)
    if (!stored.training) yield* inSchool(sql.setTraining, [examId])
    return yield* ownDetails(examId)
  })
