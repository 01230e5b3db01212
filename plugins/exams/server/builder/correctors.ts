import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { effectiveRoles, holdsAnyRole } from '../../../../contracts/roles.ts'
import type { ExamCorrectorEvent } from '../../../../machines/exam-corrector.machine.ts'
import { found } from '../../../../server/db/found.ts'
import { Db } from '../../../../server/services/db.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import { checkApproval } from '../../contract/exam-rules.ts'
import type { CorrectorApprovalUpdate, CorrectorResponse, CorrectorStatus, CorrectorsUpdate, ExamStatus } from '../../contract/exam.ts'
import type { ExamCorrectorsForEdit } from '../../contract/exam-views.ts'
import { nextCorrectorStatus, nextExamStatus } from '../status/moves.ts'
import { correctorsOf, mustSupervise, ownOrSupervisedExam, refuseIssues, refuseWithCode } from './access.ts'
import { correctorsIssues } from './checks.ts'
import { writeCorrectors } from './records.ts'
import { sql, type ExamRow } from './sql.ts'

/** The teachers of the caller's school who may be named correctors: those holding the Exams role. */
export const correctorCandidates = Effect.map(inSchool<{ id: string; name: string; roles: ReadonlyArray<string> }>(sql.schoolTeachers), (teachers) =>
  teachers.filter((teacher) => holdsAnyRole(effectiveRoles(teacher.roles, 'Teacher'), ['Exams'])).map(({ id, name }) => ({ id, name })),
)

const forEdit = (row: ExamRow) =>
  Effect.gen(function* () {
    const view: ExamCorrectorsForEdit = {
      examId: row.id,
      version: row.version,
      status: row.status as ExamStatus,
      correctorsMode: row.correctorsMode,
      markDifferenceThreshold: row.markDifferenceThreshold,
      correctors: yield* correctorsOf(row.id),
      candidates: yield* correctorCandidates,
      anyPaperGraded: row.anyPaperGraded,
    }
    return view
  })

const reread = (examId: number) =>
  Effect.gen(function* () {
    const [row] = yield* inSchool<ExamRow>(sql.viewableExam, [(yield* CurrentCaller).userId, examId, true])
    return yield* forEdit(row!)
  })

/** The exam's correctors and who may be named, for its author or a supervising corrector. */
export const examCorrectorsForEdit = (examId: number) => Effect.flatMap(ownOrSupervisedExam(examId), forEdit)

/**
 * The correctors mode and correctors, by the author or a supervising corrector, at the version the
 * change was made against, while the lifecycle lets the correctors change (`teacher.changedCorrectorsMode`
 * is handled: before it is done, and not once rejected); each corrector's change asked of her machine.
 */
export const updateCorrectors = (payload: CorrectorsUpdate) =>
  Effect.gen(function* () {
    const stored = yield* ownOrSupervisedExam(payload.examId)
    if (stored.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
    // The statuses where the correctors may still change, asked as the mode's own change with nothing graded.
    if (nextExamStatus(stored.status as ExamStatus, { type: 'teacher.changedCorrectorsMode', mode: stored.correctorsMode }) === null)
      return yield* refuseWithCode(stored.status === 'rejected' ? examCodes.examRejected : examCodes.examNotEditable)
    yield* refuseIssues(yield* correctorsIssues(payload, stored))
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const threshold = payload.correctorsMode === 'double' ? (payload.markDifferenceThreshold ?? null) : null
        const [updated] = yield* inSchool<{ id: number }>(sql.setCorrectorsMode, [payload.examId, payload.version, payload.correctorsMode, threshold])
        if (updated === undefined) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* writeCorrectors(payload.examId, payload.correctors)
        return yield* reread(payload.examId)
      }),
    )
  })

/** Moves one corrector of `examId` by her machine, from the status she was read in; `refusal` when it refuses. */
const moveCorrector = (examId: number, correctorId: string, event: ExamCorrectorEvent, refusal: number, examUnderCorrection = false) =>
  Effect.gen(function* () {
    const corrector = yield* Effect.flatMap(inSchool<{ status: CorrectorStatus }>(sql.correctorOfExam, [examId, correctorId]), found)
    const next = nextCorrectorStatus(corrector.status, event, { examUnderCorrection })
    if (next === null) return yield* refuseWithCode(refusal)
    const reason = event.type === 'supervisor.requiredEdit' || event.type === 'corrector.declined' ? (event.reason ?? null) : null
    const [moved] = yield* inSchool(sql.moveCorrector, [correctorId, examId, corrector.status, next, reason])
    if (moved === undefined) return yield* refuseWithCode(refusal)
    // Her answer changes the exam's correctors: an edit made against the old version is told.
    yield* inSchool(sql.bumpVersion, [examId])
  })

/** A corrector accepts or declines (with a reason if she likes) correcting an exam she is named on; once. */
export const respondToCorrectorAssignment = (payload: CorrectorResponse) =>
  Effect.gen(function* () {
    yield* refuseIssues(checkApproval(payload.accept ? 'accept' : 'decline', payload.reason))
    const caller = yield* CurrentCaller
    const reason = payload.reason?.trim() ?? ''
    const event: ExamCorrectorEvent = payload.accept
      ? { type: 'corrector.accepted' }
      : reason === ''
        ? { type: 'corrector.declined' }
        : { type: 'corrector.declined', reason }
    yield* Effect.flatMap(asCaller(sql.ownCorrectorship, payload.examId), found)
    yield* moveCorrector(payload.examId, caller.userId, event, examCodes.correctorAlreadyAnswered)
    return null
  })

/** A supervising corrector approves a corrector who accepted, or requires an edit of her share or her being there. */
export const updateCorrectorApprovalStatus = (payload: CorrectorApprovalUpdate) =>
  Effect.gen(function* () {
    yield* mustSupervise
    yield* refuseIssues(checkApproval(payload.decision, payload.reason))
    const stored = yield* ownOrSupervisedExam(payload.examId)
    const event: ExamCorrectorEvent =
      payload.decision === 'approve' ? { type: 'supervisor.approved' } : { type: 'supervisor.requiredEdit', reason: payload.reason?.trim() ?? '' }
    yield* moveCorrector(stored.id, payload.correctorId.toLowerCase(), event, examCodes.correctorNotWaitingForApproval, stored.status === 'underCorrection')
    return yield* reread(stored.id)
  })
