import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { Forbidden } from '../../../../contracts/failures.ts'
import type { ExamLifecycleEvent } from '../../../../machines/exam-lifecycle.machine.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { examCodes } from '../../contract/codes.ts'
import { checkApproval } from '../../contract/exam-rules.ts'
import type { ApprovalUpdate, ExamStatus } from '../../contract/exam.ts'
import { nextExamStatus } from '../status/moves.ts'
import { callerSupervises, correctorsOf, detailsOf, ownExam, ownOrSupervisedExam, refuseIssues, refuseWithCode } from './access.ts'
import { sharesTotalHundred } from './corrector-plan.ts'
import { sql, type ExamRow } from './sql.ts'

/** The lifecycle's event for a decision, with the supervisor's reason. */
const eventOf = (payload: ApprovalUpdate): ExamLifecycleEvent => {
  const reason = payload.reason?.trim() ?? ''
  switch (payload.decision) {
    case 'submit':
      return { type: 'teacher.submittedForApproval' }
    case 'withdraw':
      return { type: 'teacher.withdrew' }
    case 'approve':
      return { type: 'supervisor.approved' }
    case 'requireEdit':
      return { type: 'supervisor.requiredEdit', reason }
    case 'reject':
      return { type: 'supervisor.rejected', reason }
  }
}

/** The code that says why the lifecycle refused `event`. */
const refusalOf = (event: ExamLifecycleEvent): number => {
  switch (event.type) {
    case 'teacher.submittedForApproval':
      return examCodes.examCannotBeSubmitted
    case 'teacher.assigned':
      return examCodes.examNotApproved
    default:
      return examCodes.examNotWaitingForApproval
  }
}

/**
 * `stored` moved by `event`, checked by the lifecycle with what the stored exam says of itself (its
 * questions, its correctors' shares); the reason kept is the one the event carries. Answers the exam as it is now.
 */
const moveExam = (stored: ExamRow, event: ExamLifecycleEvent) =>
  Effect.gen(function* () {
    const correctors = yield* correctorsOf(stored.id)
    const facts = { hasQuestions: stored.questionCount > 0, sharesTotalHundred: sharesTotalHundred(correctors), training: stored.training }
    const next = nextExamStatus(stored.status as ExamStatus, event, facts)
    if (next === null) return yield* refuseWithCode(refusalOf(event))
    const reason = event.type === 'supervisor.requiredEdit' || event.type === 'supervisor.rejected' ? event.reason : null
    const [moved] = yield* inSchool<{ id: number }>(sql.moveExam, [stored.id, stored.status, next, reason])
    // Another request moved it first: refused as that status refuses it.
    if (moved === undefined) return yield* refuseWithCode(refusalOf(event))
    const [row] = yield* inSchool<ExamRow>(sql.viewableExam, [(yield* CurrentCaller).userId, stored.id, true])
    return yield* detailsOf(row!)
  })

/**
 * The author sends her exam for approval or withdraws it; a supervising corrector (of the same
 * school) approves, requires an edit or rejects, the last two with a reason. A teacher who is not a
 * supervisor deciding is refused (403) on her own exam, 404 on anyone else's.
 */
export const updateApprovalStatus = (payload: ApprovalUpdate) =>
  Effect.gen(function* () {
    yield* refuseIssues(checkApproval(payload.decision, payload.reason))
    const event = eventOf(payload)
    if (payload.decision === 'submit' || payload.decision === 'withdraw') return yield* moveExam(yield* ownExam(payload.examId), event)
    if (!(yield* callerSupervises)) {
      yield* ownExam(payload.examId)
      return yield* Effect.fail(new Forbidden())
    }
    return yield* moveExam(yield* ownOrSupervisedExam(payload.examId), event)
  })

/** Fasl's addition: the author sends her approved exam to its students (approved → assigned). */
export const assignFixedExam = (examId: number) => Effect.flatMap(ownExam(examId), (stored) => moveExam(stored, { type: 'teacher.assigned' }))
