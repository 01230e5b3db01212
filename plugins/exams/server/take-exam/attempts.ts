import { Effect } from 'effect'
import { Refused } from '../../../../contracts/failures.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Clock } from '../../../../server/services/clock.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { pastGrace } from '../../contract/attempt-clock.ts'
import type { AttemptState, MyExam, MyExams } from '../../contract/take-exam.ts'
import { takeExamCodes } from '../../contract/take-exam-codes.ts'
import type { ExamLinks } from './links.ts'
import { sql, takingStatuses, type AttemptRow, type ExamOfStudentRow } from './sql.ts'

export const refuse = (code: number) => Effect.fail(new Refused({ code }))

export const serverNow = Effect.gen(function* () {
  return (yield* Clock).now()
})

const isTaking = (examStatus: string) => (takingStatuses as ReadonlyArray<string>).includes(examStatus)

/** Makes the attempts missing for these (exam, student) pairs, each with its link's hash; idempotent. */
export const makeAttempts = (links: ExamLinks, pairs: ReadonlyArray<{ readonly examId: number; readonly studentId: number }>) =>
  pairs.length === 0
    ? Effect.void
    : inSchool(sql.insertAttempts, [
        pairs.map((pair) => pair.examId),
        pairs.map((pair) => pair.studentId),
        pairs.map((pair) => links.hashOf(links.tokenOf(pair.examId, pair.studentId))),
      ])

/**
 * Every student exam `examId` is aimed at gets her attempt (the proctors' and correctors' lists call
 * this; the exam must be assigned or later, which the caller has checked).
 */
export const ensureAttemptsOfExam = (links: ExamLinks, examId: number) =>
  Effect.gen(function* () {
    const missing = yield* inSchool<{ studentId: number }>(sql.studentsWithoutAttempt, [examId])
    yield* makeAttempts(
      links,
      missing.map(({ studentId }) => ({ examId, studentId })),
    )
  })

/** Her attempt as a list shows it: a deadline passed is finished, whatever the row says yet. */
export const attemptStateOf = (row: Pick<ExamOfStudentRow, 'status' | 'deadlineAt'>, now: number): AttemptState => {
  if (row.status === null || row.status === 'notViewed') return 'notStarted'
  if (row.status === 'finished' || (row.deadlineAt !== null && now > Date.parse(row.deadlineAt))) return 'finished'
  return 'inProgress'
}

/** The link is offered while it can still open: the exam is being taken, she has not finished, and (not started) its window is not over. */
const linkOpens = (row: ExamOfStudentRow, state: AttemptState, now: number) =>
  isTaking(row.examStatus) && state !== 'finished' && (state === 'inProgress' || now < Date.parse(row.endsAt))

/** Her exams, their attempts made where missing (from "assigned" on), soonest first. */
export const studentExams = (links: ExamLinks) =>
  Effect.gen(function* () {
    const statement = sql.studentExams[yield* requestLocale]
    const first = yield* asCaller<ExamOfStudentRow>(statement)
    const missing = first.filter((row) => row.attemptId === null && isTaking(row.examStatus))
    yield* makeAttempts(links, missing)
    const rows = missing.length === 0 ? first : yield* asCaller<ExamOfStudentRow>(statement)
    const now = yield* serverNow
    const exams = rows.map((row): MyExam => {
      const attempt = attemptStateOf(row, now)
      return {
        examId: row.examId,
        title: row.title,
        subjectName: row.subjectName,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        durationMinutes: row.durationMinutes,
        questionCount: row.questionCount,
        totalDegree: row.totalDegree,
        attempt,
        deadlineAt: row.deadlineAt,
        token: row.attemptId !== null && linkOpens(row, attempt, now) ? links.tokenOf(row.examId, row.studentId) : null,
      }
    })
    return { exams, serverNow: new Date(now).toISOString() } satisfies MyExams
  })

/**
 * The caller's attempt behind a link, as this device may use it: an unknown link, another student's,
 * another school's or one bound to another device all answer 190, alike. A deadline whose grace
 * period has passed is settled as finished here (lazily, at the deadline); a finished attempt is
 * answered for the caller to refuse as it should.
 */
export const attemptForDevice = (links: ExamLinks, token: string, deviceKey: string) =>
  Effect.gen(function* () {
    const [row] = yield* asCaller<AttemptRow>(sql.attemptByLink[yield* requestLocale], links.hashOf(token))
    if (row === undefined || (row.deviceKey !== null && row.deviceKey !== deviceKey)) return yield* refuse(takeExamCodes.linkNotValid)
    if (row.status === 'inProgress' && row.deadlineAt !== null && pastGrace(yield* serverNow, Date.parse(row.deadlineAt), row.graceSeconds)) {
      yield* inSchool(sql.finishLapsed, [row.attemptId])
      return { ...row, status: 'finished', finishedAt: row.deadlineAt } satisfies AttemptRow
    }
    return row
  })

/** A finished attempt opens no more (190): finished by her or by the clock, the link is used up. */
export const notFinished = (row: AttemptRow) => (row.status === 'finished' ? refuse(takeExamCodes.linkNotValid) : Effect.void)

/** Finished, nothing more is taken: 193 when her time ran out (it ended at the deadline), 194 when she finished it. */
export const stillAnswering = (row: AttemptRow) =>
  row.status !== 'finished' ? Effect.void : refuse(row.finishedAt === row.deadlineAt ? takeExamCodes.answersTooLate : takeExamCodes.alreadyFinished)

/** Before its first open: the exam must be being taken and its window open (191 before it, 192 after it). */
export const mayStart = (row: AttemptRow, now: number) => {
  if (now < Date.parse(row.startsAt) && isTaking(row.examStatus)) return refuse(takeExamCodes.notOpenYet)
  if (!isTaking(row.examStatus) || now >= Date.parse(row.endsAt)) return refuse(takeExamCodes.windowClosed)
  return Effect.void
}
