import { randomUUID } from 'node:crypto'
import type { Question } from '../../../contracts/questions/question.ts'
import type { CorrectorExamSession, CorrectorPapers, FlaggedDifference } from '../../../plugins/exams/contract/correction.ts'
import type { FixedExamCreate } from '../../../plugins/exams/contract/exam.ts'
import type { ExamResults, ExamResultsList, MyExamResult } from '../../../plugins/exams/contract/results.ts'
import { createExam, okData, postExam, validExam, type ExamIds } from './exams.ts'
import { call } from './http.ts'
import { examQuestions, linkOf, takeExamCalls } from './take-exam.ts'

/** Helpers of the correction and results tests: an exam built, approved and sat through the real API, and the correction calls. */

const minute = 60_000

export const correctionCalls = (base: string, token: string, language: 'en-US' | 'ar-EG' = 'en-US') => ({
  papers: (examId: number | string) => call<CorrectorPapers>(base, 'GET', `/exam/api/Sessions/GetCorrectorPapers?ExamID=${examId}`, undefined, { token }),
  session: (sessionId: number | string) =>
    call<CorrectorExamSession>(base, 'GET', `/exam/api/Sessions/GetCorrectorExamSession?ExamSessionID=${sessionId}`, undefined, { token }),
  correct: (body: unknown) =>
    call<CorrectorExamSession>(base, 'POST', '/exam/api/Sessions/CorrectSessionQuestion', body, { token, idempotencyKey: randomUUID(), language }),
  finish: (body: unknown) =>
    call<CorrectorExamSession>(base, 'POST', '/exam/api/Sessions/FinishPaper', body, { token, idempotencyKey: randomUUID(), language }),
  flagged: (examId: number | string) =>
    call<ReadonlyArray<FlaggedDifference>>(base, 'GET', `/exam/api/Sessions/GetFlaggedDifferences?ExamID=${examId}`, undefined, { token }),
  settle: (body: unknown) =>
    call<FlaggedDifference>(base, 'POST', '/exam/api/Sessions/SettleDifference', body, { token, idempotencyKey: randomUUID(), language }),
  results: (examId: number | string) => call<ExamResults>(base, 'GET', `/exam/api/Results/GetExamResults?ExamID=${examId}`, undefined, { token }),
  publish: (examId: number) => call<ExamResults>(base, 'POST', '/exam/api/Results/PublishExamResults', { examId }, { token, idempotencyKey: randomUUID() }),
  mine: () => call<ReadonlyArray<MyExamResult>>(base, 'GET', '/exam/api/Results/GetMyExamResults', undefined, { token }),
  exportCsv: (examId: number, language: 'en-US' | 'ar-EG' = 'en-US') =>
    fetch(`${base}/exam/api/Results/ExportExamResults?ExamID=${examId}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': language } }),
})

export interface ExamTokens {
  readonly teacher: string
  readonly supervisor: string
}

/**
 * An exam of the demo teacher for Grade 4 A and B (teacher 60 %, supervisor 40 %), starting an hour
 * after `now`, built through the builder's calls: created, sent for approval, approved by the
 * supervisor, accepted by both correctors and each approved by the supervisor, assigned.
 */
export const assignedExam = async (base: string, ids: ExamIds, tokens: ExamTokens, now: number, overrides: Partial<FixedExamCreate> = {}) => {
  const questions: ReadonlyArray<Question> = examQuestions
  const exam = await createExam(
    base,
    tokens.teacher,
    validExam(ids, {
      title: 'Correction test',
      startsAt: new Date(now + 60 * minute).toISOString(),
      endsAt: new Date(now + 180 * minute).toISOString(),
      durationMinutes: 45,
      questionOrder: 'same',
      questions,
      questionCount: questions.length,
      totalDegree: questions.reduce((sum, question) => sum + question.degree, 0),
      target: { kind: 'classes', classRoomIds: [ids.roomA, ids.roomB] },
      ...overrides,
    }),
  )
  okData(await postExam(base, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: exam.id, decision: 'submit' }, tokens.teacher))
  okData(await postExam(base, '/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId: exam.id, decision: 'approve' }, tokens.supervisor))
  for (const token of [tokens.teacher, tokens.supervisor])
    okData(await postExam(base, '/ExamBuilder/RespondToCorrectorAssignment', { examId: exam.id, accept: true }, token))
  // Accepting makes each wait for the supervising corrector's approval (machines/exam-corrector.machine.ts).
  for (const correctorId of [ids.teacherId, ids.supervisorId])
    okData(await postExam(base, '/ExamBuilder/UpdateCorrectorApprovalStatus', { examId: exam.id, correctorId, decision: 'approve' }, tokens.supervisor))
  okData(await postExam(base, '/ExamBuilder/AssignFixedExam', { examId: exam.id }, tokens.teacher))
  return exam
}

/** A student sits the exam through her link (open, then finish with `answers`) at the server's `now`. */
export const sitExam = async (base: string, studentToken: string, examId: number, answers: Record<string, unknown>, now: number) => {
  const calls = takeExamCalls(base, studentToken)
  const token = (await linkOf(calls, examId))!
  const deviceKey = `device-${randomUUID()}`
  okData(await calls.open({ token, deviceKey }))
  okData(await calls.finish({ token, deviceKey, answers, markedForReview: [], givenAt: new Date(now).toISOString() }))
}

/** Right on q1 (2), q2 (2), q4 (1); half of q3's pairs wrong; a paragraph for q5 (graded by hand). */
export const someAnswers = {
  q1: { type: 2, selected: 'b' },
  q2: { type: 6, order: ['i1', 'i2', 'i3', 'i4'] },
  q4: { type: 3, value: true },
  q5: { type: 4, text: 'Three sweets each.' },
}

/** The teacher's results list (latest and archive). */
export const resultsList = (base: string, token: string) => call<ExamResultsList>(base, 'GET', '/exam/api/Results/GetExamResultsList', undefined, { token })
