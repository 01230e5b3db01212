import { Effect } from 'effect'
import { Clock } from '../../../../server/services/clock.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { ExamStatus } from '../../contract/exam.ts'
import { nextExamStatus } from './moves.ts'

/**
 * The lifecycle's timed moves, by the server's clock: an assigned exam opens at its start time
 * (`clock.opened`: not viewed) and closes at its end time (`clock.closed`: under correction). Nothing
 * runs at those instants; like homework's due dates, the moves are made when the exam is next read
 * or written, each asked of the machine and written only from the status it was read in (a move
 * another request made first is no move).
 */
const dueExams = `SELECT id, status, starts_at <= $1::timestamptz AS opened, ends_at <= $1::timestamptz AS closed FROM exams
  WHERE school_id = $school AND ($2::int IS NULL OR id = $2::int)
    AND ((status = 'assigned' AND starts_at <= $1::timestamptz) OR (status IN ('notViewed', 'inProgress') AND ends_at <= $1::timestamptz))`

const moveByClock = `UPDATE exams SET status = $3, version = version + 1, updated_at = now() WHERE id = $1 AND status = $2 AND school_id = $school`

/** Where the clock's events take `status`, in order (an exam read after its end opens and closes at once). */
export const statusByClock = (status: ExamStatus, opened: boolean, closed: boolean): ExamStatus => {
  const afterOpening = opened ? (nextExamStatus(status, { type: 'clock.opened' }) ?? status) : status
  return closed ? (nextExamStatus(afterOpening, { type: 'clock.closed' }) ?? afterOpening) : afterOpening
}

/** Makes the clock's moves of the caller's school's exams (or of one exam) that are due now. */
export const settleExamClock = (examId: number | null = null) =>
  Effect.gen(function* () {
    const now = new Date((yield* Clock).now()).toISOString()
    const due = yield* inSchool<{ id: number; status: ExamStatus; opened: boolean; closed: boolean }>(dueExams, [now, examId], { prepared: true })
    yield* Effect.forEach(
      due,
      (exam) => {
        const next = statusByClock(exam.status, exam.opened, exam.closed)
        return next === exam.status ? Effect.void : inSchool(moveByClock, [exam.id, exam.status, next])
      },
      { discard: true },
    )
  })
