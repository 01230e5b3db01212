import { Effect } from 'effect'
import { Clock } from '../../../../server/services/clock.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { ExamStatus } from '../../contract/exam.ts'
import { examForCorrection } from '../correction/papers.ts'
import { nextExamStatus } from './moves.ts'

/**
 * The lifecycle's timed moves, by the server's clock. Nothing runs at those instants; like homework's
 * due dates, the moves are made when the exam is next read or written: an assigned exam opens at its
 * start time (`clock.opened`: not viewed), asked of the machine and written only from the status it
 * was read in; past its end, the correction part closes it (`clock.closed` once the school's grace
 * period has passed too, its papers given out: plugins/exams/server/correction/close.ts).
 */
const dueExams = `SELECT id, status, ends_at <= $1::timestamptz AS ended FROM exams
  WHERE school_id = $school AND ($2::int IS NULL OR id = $2::int)
    AND ((status = 'assigned' AND starts_at <= $1::timestamptz) OR (status IN ('notViewed', 'inProgress') AND ends_at <= $1::timestamptz))`

const moveByClock = `UPDATE exams SET status = $3, version = version + 1, updated_at = now() WHERE id = $1 AND status = $2 AND school_id = $school`

/** Makes the clock's moves of the caller's school's exams (or of one exam) that are due now. */
export const settleExamClock = (examId: number | null = null) =>
  Effect.gen(function* () {
    const now = new Date((yield* Clock).now()).toISOString()
    const due = yield* inSchool<{ id: number; status: ExamStatus; ended: boolean }>(dueExams, [now, examId], { prepared: true })
    yield* Effect.forEach(
      due,
      (exam) =>
        Effect.gen(function* () {
          const opened = exam.status === 'assigned' ? nextExamStatus(exam.status, { type: 'clock.opened' }) : null
          if (opened !== null) yield* inSchool(moveByClock, [exam.id, exam.status, opened])
          if (exam.ended) yield* examForCorrection(exam.id)
        }),
      { discard: true },
    )
  })
