import { Effect } from 'effect'
import { examLifecycleContext, examLifecycleMachine, type ExamLifecycleEvent, type ExamStatus } from '../../../../machines/exam-lifecycle.machine.ts'
import { checkTransition } from '../../../../server/status/transition.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { sql } from './sql.ts'

/** Where the lifecycle machine takes `status` with `events` one after another; null when it refuses one. */
const statusAfter = (status: ExamStatus, events: ReadonlyArray<ExamLifecycleEvent>): ExamStatus | null => {
  let current: ExamStatus = status
  for (const event of events) {
    const check = checkTransition(examLifecycleMachine, { value: current, context: examLifecycleContext() }, event)
    if (!check.allowed) return null
    current = check.next as ExamStatus
  }
  return current
}

/**
 * Her first start moves the exam with the lifecycle machine: an exam still "assigned" is opened by
 * the clock first (she can only start within its window), then its first student makes it "in
 * progress". Later starts are no status change (the machine refuses `student.started` there, so
 * nothing is written); a move another request made first (two students starting together) is none.
 */
export const examStartedByStudent = (examId: number) =>
  Effect.gen(function* () {
    const [exam] = yield* inSchool<{ status: ExamStatus }>(sql.examStatus, [examId])
    if (exam === undefined) return
    const events: ReadonlyArray<ExamLifecycleEvent> =
      exam.status === 'assigned' ? [{ type: 'clock.opened' }, { type: 'student.started' }] : [{ type: 'student.started' }]
    const next = statusAfter(exam.status, events)
    if (next !== null) yield* inSchool(sql.moveExam, [examId, exam.status, next])
  })
