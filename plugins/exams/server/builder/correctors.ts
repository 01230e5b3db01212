import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { found } from '../../../../server/db/found.ts'
import { effectiveRoles, holdsAnyRole } from '../../../../contracts/roles.ts'
import { Db } from '../../../../server/services/db.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import type { CorrectorResponse, CorrectorStatus, CorrectorsUpdate, ExamStatus } from '../../contract/exam.ts'
import type { ExamCorrectorsForEdit } from '../../contract/exam-views.ts'
import { nextCorrectorStatus, nextExamStatus } from '../status/moves.ts'
import { correctorsOf, ownOrSupervisedExam, refuseIssues, refuseWithCode } from './access.ts'
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

/** The exam's correctors and who may be named, for its author or a supervising corrector. */
export const examCorrectorsForEdit = (examId: number) => Effect.flatMap(ownOrSupervisedExam(examId), forEdit)

/**
 * The correctors mode and correctors, by the author or a supervising corrector, at the version the
 * change was made against; while the exam can still change (the lifecycle's edit), never once it opened.
 */
export const updateCorrectors = (payload: CorrectorsUpdate) =>
  Effect.gen(function* () {
    const stored = yield* ownOrSupervisedExam(payload.examId)
    if (stored.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
    if (nextExamStatus(stored.status as ExamStatus, 'teacher.edited') === null) return yield* refuseWithCode(examCodes.examNotEditable)
    yield* refuseIssues(yield* correctorsIssues(payload, stored))
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const threshold = payload.correctorsMode === 'double' ? (payload.markDifferenceThreshold ?? null) : null
        const [updated] = yield* inSchool<{ id: number }>(sql.setCorrectorsMode, [payload.examId, payload.version, payload.correctorsMode, threshold])
        if (updated === undefined) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* writeCorrectors(payload.examId, payload.correctors)
        const caller = yield* CurrentCaller
        const [row] = yield* inSchool<ExamRow>(sql.viewableExam, [caller.userId, payload.examId, true])
        return yield* forEdit(row!)
      }),
    )
  })

/** A corrector accepts or declines correcting an exam she is named on (her machine's move; once). */
export const respondToCorrectorAssignment = (payload: CorrectorResponse) =>
  Effect.gen(function* () {
    const mine = yield* Effect.flatMap(asCaller<{ status: CorrectorStatus }>(sql.ownCorrectorship, payload.examId), found)
    const next = nextCorrectorStatus(mine.status, payload.accept ? 'corrector.accepted' : 'corrector.declined')
    if (next === null) return yield* refuseWithCode(examCodes.correctorAlreadyAnswered)
    const [moved] = yield* asCaller(sql.moveCorrector, payload.examId, mine.status, next, null)
    if (moved === undefined) return yield* refuseWithCode(examCodes.correctorAlreadyAnswered)
    return null
  })
