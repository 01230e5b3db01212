import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { Forbidden } from '../../../../contracts/failures.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import { checkApproval } from '../../contract/exam-rules.ts'
import type { ApprovalDecision, ApprovalUpdate, ExamStatus } from '../../contract/exam.ts'
import { nextExamStatus, type ExamMove } from '../status/moves.ts'
import { callerSupervises, detailsOf, ownExam, ownOrSupervisedExam, refuseIssues, refuseWithCode } from './access.ts'
import { sql, type ExamRow } from './sql.ts'

const moveOf: Readonly<Record<ApprovalDecision, ExamMove>> = {
  submit: 'teacher.submitted',
  approve: 'supervisor.approved',
  requireEdit: 'supervisor.requiredEdit',
  reject: 'supervisor.rejected',
}

/** The code that says why the lifecycle refused `move`. */
const refusalOf: Readonly<Partial<Record<ExamMove, number>>> = {
  'teacher.submitted': examCodes.examCannotBeSubmitted,
  'supervisor.approved': examCodes.examNotWaitingForApproval,
  'supervisor.requiredEdit': examCodes.examNotWaitingForApproval,
  'supervisor.rejected': examCodes.examNotWaitingForApproval,
  'teacher.assigned': examCodes.examNotApproved,
}

/** `stored` moved by `move` (checked by the lifecycle), with the supervisor's reason or none; answers the exam as it is now. */
const moveExam = (stored: ExamRow, move: ExamMove, reason: string | null) =>
  Effect.gen(function* () {
    const next = nextExamStatus(stored.status as ExamStatus, move)
    if (next === null) return yield* refuseWithCode(refusalOf[move] ?? examCodes.examNotEditable)
    const [moved] = yield* inSchool<{ id: number }>(sql.moveExam, [stored.id, stored.status, next, reason])
    // Another request moved it first: refused as that status would refuse it.
    if (moved === undefined) return yield* refuseWithCode(refusalOf[move] ?? examCodes.examNotEditable)
    const [row] = yield* inSchool<ExamRow>(sql.viewableExam, [(yield* CurrentCaller).userId, stored.id, true])
    return yield* detailsOf(row!)
  })

/**
 * The author sends her exam for approval; a supervising corrector (of the same school) approves,
 * requires an edit or rejects one waiting for approval, the last two with a reason. A teacher who
 * is not a supervisor deciding is refused (403) when the exam is hers, and 404 otherwise.
 */
export const updateApprovalStatus = (payload: ApprovalUpdate) =>
  Effect.gen(function* () {
    yield* refuseIssues(checkApproval(payload.decision, payload.reason))
    const move = moveOf[payload.decision]
    if (payload.decision === 'submit') return yield* moveExam(yield* ownExam(payload.examId), move, null)
    if (!(yield* callerSupervises)) {
      yield* ownExam(payload.examId)
      return yield* Effect.fail(new Forbidden())
    }
    return yield* moveExam(yield* ownOrSupervisedExam(payload.examId), move, payload.reason?.trim() ?? null)
  })

/** Fasl's addition: the author sends her approved exam to its students (approved → assigned). */
export const assignFixedExam = (examId: number) => Effect.flatMap(ownExam(examId), (stored) => moveExam(stored, 'teacher.assigned', null))
