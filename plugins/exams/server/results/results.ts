import { Effect } from 'effect'
import type { Question } from '../../../../contracts/questions/question.ts'
import { found } from '../../../../server/db/found.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { Db } from '../../../../server/services/db.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { correctionCodes } from '../../contract/correction-codes.ts'
import type { ExamStatus } from '../../contract/exam.ts'
import type { ExamResults, MyExamResult } from '../../contract/results.ts'
import { closeWhenDue } from '../correction/close.ts'
import { moveBy, nextStatus } from '../correction/lifecycle.ts'
import { finalMark, finalScores, papersByAttempt } from '../correction/marks.ts'
import { sql, type AttemptResultRow, type CorrectionExamRow, type PaperRow } from '../correction/sql.ts'
import { questionStatistics, type SitterScores } from './statistics.ts'
import { resultsSql } from './sql.ts'
import { Refused } from '../../../../contracts/failures.ts'

const round2 = (value: number) => Math.round(value * 100) / 100

/** The caller's own exam (404 for anyone else's, another school's included), closed for correction when its time is past. */
const ownExam = (examId: number) =>
  Effect.gen(function* () {
    const exam = yield* Effect.flatMap(asCaller<CorrectionExamRow>(resultsSql.ownExam, examId), found)
    return yield* closeWhenDue(exam)
  })

/** Each student's final scores (sitters only: a student who never started has none). */
const marksOf = (exam: CorrectionExamRow, attempts: ReadonlyArray<AttemptResultRow>, papers: ReadonlyArray<PaperRow>) => {
  const byAttempt = papersByAttempt(papers)
  const questions = exam.questions as ReadonlyArray<Question>
  return new Map(
    attempts
      .filter((attempt) => attempt.attemptId !== null && attempt.status === 'finished')
      .map((attempt): [number, SitterScores] => {
        const scores = finalScores(questions, attempt, byAttempt.get(attempt.attemptId!) ?? [])
        return [attempt.studentId, { scores, total: finalMark(scores) }]
      }),
  )
}

const resultsOf = (exam: CorrectionExamRow) =>
  Effect.gen(function* () {
    const attempts = yield* inSchool<AttemptResultRow>(sql.studentsOfExam[yield* requestLocale], [exam.id])
    const papers = yield* inSchool<PaperRow>(sql.papersOfExam, [exam.id])
    const corrected = !['draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved', 'assigned', 'notViewed', 'inProgress'].includes(exam.status)
    const marks = corrected ? marksOf(exam, attempts, papers) : new Map<number, SitterScores>()
    const rooms = new Map<number, { classRoomId: number; classRoomName: string; students: ExamResults['classRooms'][number]['students'][number][] }>()
    for (const attempt of attempts) {
      const room = rooms.get(attempt.classRoomId) ?? { classRoomId: attempt.classRoomId, classRoomName: attempt.classRoomName, students: [] }
      rooms.set(attempt.classRoomId, room)
      const mark = marks.get(attempt.studentId)
      room.students.push({
        studentId: attempt.studentId,
        studentName: attempt.studentName,
        attempted: attempt.status === 'finished' || attempt.status === 'inProgress',
        finalMark: mark?.total ?? null,
      })
    }
    const classRooms = [...rooms.values()].map((room) => {
      const sat = room.students.flatMap((student) => (student.finalMark === null ? [] : [student.finalMark]))
      return { ...room, average: sat.length === 0 ? null : round2(sat.reduce((sum, mark) => sum + mark, 0) / sat.length) }
    })
    return {
      results: {
        examId: exam.id,
        title: exam.title,
        status: exam.status as ExamStatus,
        correctorsMode: exam.correctorsMode,
        totalDegree: exam.totalDegree,
        published: exam.status === 'published',
        classRooms,
        questions: questionStatistics(exam.questions as ReadonlyArray<Question>, [...marks.values()]),
      } satisfies ExamResults,
      marks: attempts.flatMap((attempt) => {
        const mark = marks.get(attempt.studentId)
        return attempt.attemptId === null || mark === undefined ? [] : [{ attemptId: attempt.attemptId, mark: mark.total }]
      }),
    }
  })

export const examResults = (examId: number) =>
  Effect.gen(function* () {
    return (yield* resultsOf(yield* ownExam(examId))).results
  })

/** done → published (teacher.published, asked of the lifecycle; 243 otherwise), the final marks kept on the attempts. */
export const publishResults = (examId: number) =>
  Effect.gen(function* () {
    const exam = yield* ownExam(examId)
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const refused = Effect.fail(new Refused({ code: correctionCodes.resultsNotReady }))
        if (nextStatus(exam, { type: 'teacher.published' }) === null) return yield* refused
        // Another request published it first: refused as a published exam is.
        if ((yield* moveBy(exam, { type: 'teacher.published' })) !== 'published') return yield* refused
        const published = { ...exam, status: 'published' }
        const { results, marks } = yield* resultsOf(published)
        yield* inSchool(sql.writeFinalMarks, [marks.map((entry) => entry.attemptId), marks.map((entry) => entry.mark)])
        return results
      }),
    )
  })

export const examResultsForExport = (examId: number) => Effect.flatMap(ownExam(examId), resultsOf)

interface MyAttemptRow {
  readonly examId: number
  readonly title: string
  readonly subjectName: string
  readonly endsAt: string
  readonly totalDegree: number
  readonly finalMark: number | null
}

/** The caller's results of her published exams: her final mark and scores per question (recomputed as published), no answer key. */
export const myExamResults = Effect.gen(function* () {
  const rows = yield* asCaller<MyAttemptRow & { attemptId: number; studentId: number }>(resultsSql.myPublished[yield* requestLocale])
  return yield* Effect.forEach(rows, (row) =>
    Effect.gen(function* () {
      const [exam] = yield* inSchool<CorrectionExamRow>(sql.exam, [row.examId])
      const [work] = yield* inSchool<Pick<AttemptResultRow, 'autoScores' | 'settledScores'>>(resultsSql.attemptWork, [row.attemptId])
      const papers = yield* inSchool<PaperRow>(sql.papersOfAttempt, [row.attemptId])
      const questions = (exam?.questions ?? []) as ReadonlyArray<Question>
      const scores = work === undefined ? {} : finalScores(questions, work, papers)
      return {
        examId: row.examId,
        title: row.title,
        subjectName: row.subjectName,
        endsAt: row.endsAt,
        totalDegree: row.totalDegree,
        finalMark: row.finalMark,
        questions: questions.map((question) => ({
          questionId: question.id,
          header: question.header,
          degree: question.degree,
          score: scores[question.id] ?? 0,
        })),
      } satisfies MyExamResult
    }),
  )
})
