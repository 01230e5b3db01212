import { Effect } from 'effect'
import { InvalidInput, Refused } from '../../../../contracts/failures.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { found } from '../../../../server/db/found.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { FlaggedDifference, SettleDifference } from '../../contract/correction.ts'
import { correctionCodes } from '../../contract/correction-codes.ts'
import { doneWhenGraded } from './lifecycle.ts'
import { flaggedQuestions, papersByAttempt } from './marks.ts'
import { examForCorrection } from './papers.ts'
import { sql, type AttemptResultRow, type CorrectionExamRow, type PaperRow } from './sql.ts'

/** Every flagged question of the exam (double marking), settled or not. */
const differencesOf = (exam: CorrectionExamRow) =>
  Effect.gen(function* () {
    if (exam.correctorsMode !== 'double') return []
    const papers = papersByAttempt(yield* inSchool<PaperRow>(sql.papersOfExam, [exam.id]))
    const attempts = yield* inSchool<AttemptResultRow>(sql.studentsOfExam[yield* requestLocale], [exam.id])
    const questions = exam.questions as ReadonlyArray<Question>
    return attempts.flatMap((attempt) => {
      if (attempt.attemptId === null) return []
      const ofAttempt = papers.get(attempt.attemptId) ?? []
      const names = new Map(ofAttempt.map((paper) => [paper.correctorId, paper.correctorName]))
      return flaggedQuestions(questions, exam.markDifferenceThreshold ?? 0, attempt, ofAttempt).map((flag): FlaggedDifference => {
        const question = questions.find((item) => item.id === flag.questionId)!
        return {
          sessionId: attempt.attemptId!,
          studentName: attempt.studentName,
          classRoomName: attempt.classRoomName,
          questionId: flag.questionId,
          questionHeader: question.header,
          degree: question.degree,
          scores: flag.scores.map((entry) => ({ ...entry, correctorName: names.get(entry.correctorId) ?? '' })),
          settledScore: flag.settledScore,
        }
      })
    })
  })

/** For a supervising corrector (the group's role): any exam of her school. */
export const flaggedDifferences = (examId: number) => Effect.flatMap(examForCorrection(examId), differencesOf)

/** Her settled score on a flagged question wins (within its degree, 105); a question not flagged 244; the exam is done when nothing is left. */
export const settleDifference = (payload: SettleDifference) =>
  Effect.gen(function* () {
    const { examId } = yield* Effect.flatMap(inSchool<{ examId: number }>(sql.examOfAttempt, [payload.sessionId]), found)
    const exam = yield* examForCorrection(examId)
    if (exam.status !== 'underCorrection') return yield* Effect.fail(new Refused({ code: correctionCodes.correctionClosed }))
    const flag = (yield* differencesOf(exam)).find((item) => item.sessionId === payload.sessionId && item.questionId === payload.questionId)
    if (flag === undefined) return yield* Effect.fail(new Refused({ code: correctionCodes.differenceNotFlagged }))
    if (payload.score > flag.degree + 1e-9)
      return yield* Effect.fail(new InvalidInput({ issues: [{ field: 'score', key: 'examScoreAboveDegree', values: { max: flag.degree } }] }))
    yield* inSchool(sql.settle, [payload.sessionId, payload.questionId, payload.score, examId])
    yield* doneWhenGraded(exam)
    return { ...flag, settledScore: payload.score }
  })
