import { Effect } from 'effect'
import type { Question, Submission } from '../../../../contracts/questions/question.ts'
import { scoreSubmissionWith, scorerOf } from '../../../../contracts/questions/scoring.ts'
import { Clock } from '../../../../server/services/clock.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { doublePapers, splitPapers, type AttemptToDistribute, type ShareHolder } from './distribute.ts'
import { doneWhenGraded, moveBy } from './lifecycle.ts'
import { sql, type CorrectionExamRow } from './sql.ts'

/** The statuses of an exam being taken: its end closes it. */
const openStatuses: ReadonlyArray<string> = ['assigned', 'notViewed', 'inProgress']

/**
 * An exam closes when its end and the school's grace period for answers sent late (given before the
 * deadline while offline) have passed by the server's clock: only then is every answer in.
 */
export const hasClosed = (exam: CorrectionExamRow, now: number) => now >= Date.parse(exam.endsAt) + exam.graceSeconds * 1000

/**
 * Closes exam `exam` for correction when its time is past, lazily (on the first correction read after
 * it) and once, in one transaction: the lifecycle's clock.closed (clock.opened first if no one moved
 * it), attempts still in progress finished at their deadlines, the finished attempts scored
 * automatically (the project's scoring module) and their papers given out. Of two requests racing,
 * the one whose status move wins gives the papers out; the other finds it done. Answers the exam as
 * it is now.
 */
export const closeWhenDue = (exam: CorrectionExamRow) =>
  Effect.gen(function* () {
    if (!openStatuses.includes(exam.status) || !hasClosed(exam, (yield* Clock).now())) return exam
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const opened = exam.status === 'assigned' ? yield* moveBy(exam, { type: 'clock.opened' }) : exam.status
        if (opened === exam.status && exam.status === 'assigned') return exam
        const closing = { ...exam, status: opened }
        const closed = yield* moveBy(closing, { type: 'clock.closed' })
        if (closed !== 'underCorrection') return closing
        yield* inSchool(sql.finishLapsedOfExam, [exam.id])
        const attempts = yield* inSchool<AttemptToDistribute & { answers: Submission }>(sql.finishedAttempts, [exam.id])
        const scorers = (exam.questions as ReadonlyArray<Question>).map(scorerOf)
        if (attempts.length > 0)
          yield* inSchool(sql.writeAutoScores, [
            attempts.map((attempt) => attempt.attemptId),
            attempts.map((attempt) => {
              const scored = scoreSubmissionWith(scorers, attempt.answers)
              return JSON.stringify(Object.fromEntries(scored.questions.map(({ id, score, max, outcome }) => [id, { score, max, outcome }])))
            }),
          ])
        const holders = yield* inSchool<ShareHolder>(sql.approvedCorrectors, [exam.id])
        const papers = holders.length === 0 ? [] : exam.correctorsMode === 'split' ? splitPapers(attempts, holders) : doublePapers(attempts, holders)
        if (papers.length > 0) yield* inSchool(sql.insertPapers, [papers.map((paper) => paper.attemptId), papers.map((paper) => paper.correctorId)])
        const underCorrection = { ...exam, status: closed }
        // Nobody sat it: there is nothing to grade, and it is done at once.
        return attempts.length === 0 ? { ...underCorrection, status: yield* doneWhenGraded(underCorrection) } : underCorrection
      }),
    )
  })
