import { Effect } from 'effect'
import { InvalidInput } from '../../../../contracts/failures.ts'
import type { Question, Submission } from '../../../../contracts/questions/question.ts'
import { toStudentView } from '../../../../contracts/questions/student-view.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { answersInTime, deadlineOf } from '../../contract/attempt-clock.ts'
import type { ExamInstructions, ExamLink, ExamSession, SavedExamAnswers, SaveExamAnswers } from '../../contract/take-exam.ts'
import { takeExamCodes } from '../../contract/take-exam-codes.ts'
import { examAnswerFileIssues, examAnswerFilesOf, examQuestionKindsOf } from './answer-files.ts'
import { attemptForDevice, mayStart, notFinished, refuse, serverNow, stillAnswering } from './attempts.ts'
import type { ExamOrder } from './exam-order.ts'
import { examStartedByStudent } from './exam-status.ts'
import type { ExamLinks } from './links.ts'
import { sql, type AttemptRow, type AttemptWorkRow } from './sql.ts'

export interface TakeExamKeys {
  readonly links: ExamLinks
  readonly order: ExamOrder
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Her deadline were she to start at `now`. */
const deadlineFrom = (row: AttemptRow, now: number) =>
  deadlineOf({ startedAt: now, durationMinutes: row.durationMinutes, extraTimePercent: row.extraTimePercent, endsAt: Date.parse(row.endsAt) })

/** The start page: nothing starts. Started on this device, it says so (opening continues). */
export const instructions = (keys: TakeExamKeys, link: ExamLink) =>
  Effect.gen(function* () {
    const row = yield* attemptForDevice(keys.links, link.token, link.deviceKey)
    yield* notFinished(row)
    const now = yield* serverNow
    const started = row.status === 'inProgress'
    if (!started) yield* mayStart(row, now)
    const [work] = yield* inSchool<AttemptWorkRow>(sql.attemptWork, [row.attemptId])
    const questions = orderedQuestions(keys, row, (work?.questions ?? []) as ReadonlyArray<Question>)
    return {
      examId: row.examId,
      title: row.title,
      subjectName: row.subjectName,
      durationMinutes: row.durationMinutes,
      extraTimePercent: row.extraTimePercent,
      questionCount: row.questionCount,
      questionKeys: questions.map((question) => question.id),
      totalDegree: row.totalDegree,
      endsAt: row.endsAt,
      deadlineAt: started && row.deadlineAt !== null ? row.deadlineAt : iso(deadlineFrom(row, now)),
      started,
      serverNow: iso(now),
    } satisfies ExamInstructions
  })

/** The exam's questions in her order. */
const orderedQuestions = (keys: TakeExamKeys, row: AttemptRow, questions: ReadonlyArray<Question>) =>
  keys.order.questions({ examId: row.examId, studentId: row.studentId }, row.questionOrder === 'random', questions)

/** What she answers from: her order of questions and items, no answer key, her work so far. */
const sessionView = (keys: TakeExamKeys, row: AttemptRow, startedAt: string, deadlineAt: string, now: number) =>
  Effect.gen(function* () {
    const [work] = yield* inSchool<AttemptWorkRow>(sql.attemptWork, [row.attemptId])
    const of = { examId: row.examId, studentId: row.studentId }
    const questions = orderedQuestions(keys, row, (work?.questions ?? []) as ReadonlyArray<Question>)
    const answers = (work?.answers ?? {}) as Submission
    return {
      examId: row.examId,
      title: row.title,
      subjectName: row.subjectName,
      totalDegree: row.totalDegree,
      startedAt,
      deadlineAt,
      serverNow: iso(now),
      timeUp: now > Date.parse(deadlineAt),
      graceSeconds: row.graceSeconds,
      questions: questions.map((question) => toStudentView(question, (questionId, items) => keys.order.arrange(of, questionId, items))),
      answers,
      markedForReview: work?.markedForReview ?? [],
      answerFiles: yield* examAnswerFilesOf(row.attemptId, answers),
    } satisfies ExamSession
  })

/**
 * Opening: the first binds the link to this device and starts her clock (one UPDATE that only a
 * link no device holds passes, so of two opens racing one starts it and the other, on the same
 * device, continues it); the exam moves from not viewed to in progress with its first student.
 * Any later open on this device only reads.
 */
export const openSession = (keys: TakeExamKeys, link: ExamLink) =>
  Effect.gen(function* () {
    const row = yield* attemptForDevice(keys.links, link.token, link.deviceKey)
    yield* notFinished(row)
    const now = yield* serverNow
    if (row.status === 'inProgress' && row.startedAt !== null && row.deadlineAt !== null)
      return yield* sessionView(keys, row, row.startedAt, row.deadlineAt, now)
    yield* mayStart(row, now)
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const deadlineAt = iso(deadlineFrom(row, now))
        const bound = yield* inSchool(sql.bindAndStart, [row.attemptId, link.deviceKey, iso(now), deadlineAt])
        if (bound.length === 0) {
          // Another open bound it first: hers on this device continues, any other device's refuses.
          const current = yield* attemptForDevice(keys.links, link.token, link.deviceKey)
          yield* notFinished(current)
          return yield* sessionView(keys, current, current.startedAt!, current.deadlineAt!, now)
        }
        yield* examStartedByStudent(row.examId)
        return yield* sessionView(keys, row, iso(now), deadlineAt, now)
      }),
    )
  })

/** Every answer names a question of the exam and fits its type; every mark names one of its questions (105). */
const answerIssues = (questions: ReadonlyArray<Pick<Question, 'id' | 'type'>>, answers: Submission, marked: ReadonlyArray<string>): Issue[] => {
  const byId = new Map(questions.map((question) => [question.id, question]))
  const answerIssuesOf = Object.entries(answers).flatMap(([key, answer]): Issue[] => {
    const question = byId.get(key)
    if (question === undefined) return [{ field: `answers.${key}`, key: 'questionNotInExam' }]
    return question.type === answer.type ? [] : [{ field: `answers.${key}.type`, key: 'examAnswerTypeMismatch' }]
  })
  const markIssues = marked.flatMap((key, index): Issue[] => (byId.has(key) ? [] : [{ field: `markedForReview.${index}`, key: 'questionNotInExam' }]))
  return [...answerIssuesOf, ...markIssues]
}

/**
 * Her answers and marks replace the stored ones, on the device that holds the link, while her
 * attempt is in progress: given before her deadline and arriving within the grace period (193
 * otherwise), not after she finished (194). `finish` ends the attempt with them, for good.
 */
export const writeAnswers = (keys: TakeExamKeys, payload: SaveExamAnswers, finish: boolean) =>
  Effect.gen(function* () {
    const row = yield* attemptForDevice(keys.links, payload.token, payload.deviceKey)
    // Never opened on this device (no device holds it yet): there is nothing to save into.
    if (row.deviceKey === null) return yield* refuse(takeExamCodes.linkNotValid)
    yield* stillAnswering(row)
    const typeIssues = answerIssues(yield* examQuestionKindsOf(row.examId), payload.answers, payload.markedForReview)
    const issues = typeIssues.length > 0 ? typeIssues : yield* examAnswerFileIssues(row.attemptId, payload.answers)
    if (issues.length > 0) return yield* Effect.fail(new InvalidInput({ issues }))
    const now = yield* serverNow
    const deadlineAt = row.deadlineAt!
    const inTime = answersInTime({
      givenAt: Date.parse(payload.givenAt),
      now,
      startedAt: Date.parse(row.startedAt!),
      deadlineAt: Date.parse(deadlineAt),
      graceSeconds: row.graceSeconds,
    })
    if (!inTime) return yield* refuse(takeExamCodes.answersTooLate)
    const params = [row.attemptId, payload.deviceKey, JSON.stringify(payload.answers), JSON.stringify([...new Set(payload.markedForReview)])]
    const written = yield* inSchool(finish ? sql.finishWork : sql.saveWork, finish ? [...params, iso(now)] : params)
    if (written.length === 0) {
      // Finished meanwhile (by her other tab, or by the clock): say which.
      const current = yield* attemptForDevice(keys.links, payload.token, payload.deviceKey)
      yield* stillAnswering(current)
      return yield* refuse(takeExamCodes.linkNotValid)
    }
    return { savedAt: iso(now), deadlineAt, serverNow: iso(now), finished: finish } satisfies SavedExamAnswers
  })
