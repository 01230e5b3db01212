import { Effect } from 'effect'
import type { ExtendDue } from '../../contract/submissions.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { refuseIssues, refuseWithCode } from '../homework/caller.ts'
import { taughtTarget, viewFor } from './correction.ts'
import { callerId, currentWork, factsOf, moved, nowIso, store } from './record.ts'
import { sql } from './sql.ts'
import { revealedToHer } from './views.ts'

/**
 * teacher.extendedDue: one student's own later due date, from a teacher of the homework's class room
 * for a student it is aimed at (anyone else's ids answer 404). The date must be after now and after
 * the homework's due date for her (105 on `dueAt`); a later extension replaces an earlier one. The
 * machine refuses it once her work is handed in or marked (174); it is refused too once the right
 * answers were released to her (175), which she could otherwise hand in from. Work past its due date
 * goes back to being answered; with answers released after the due date, nobody reads them before
 * the last extension ends (answers-release.ts reads the last due date of the homework).
 */
export const extendDue = (payload: ExtendDue) =>
  Effect.gen(function* () {
    const target = yield* taughtTarget(payload.homeworkId, payload.studentId)
    const now = yield* nowIso
    const dueAt = Date.parse(payload.dueAt)
    if (!(dueAt > Date.parse(now) && dueAt > Date.parse(target.classDueAt))) yield* refuseIssues([{ field: 'dueAt', key: 'extensionAfterDue' }])
    const db = yield* Db
    yield* db.transaction(
      Effect.gen(function* () {
        const work = yield* currentWork(target)
        if (revealedToHer(target, work, now)) return yield* refuseWithCode(homeworkCodes.extensionAfterAnswersShown)
        const next = yield* moved(work, 'teacher.extendedDue', factsOf(target, now))
        yield* inSchool(sql.upsertExtension, [target.homeworkId, target.studentId, new Date(dueAt).toISOString(), yield* callerId])
        // A stored work past its due date goes back to being answered; one never stored stays unstored.
        if (next.status !== work.status && work.id !== null) yield* store(target, next)
      }),
    )
    return yield* viewFor(yield* taughtTarget(payload.homeworkId, payload.studentId))
  })
