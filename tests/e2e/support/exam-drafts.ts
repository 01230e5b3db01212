import { expect } from 'vitest'
import type { FixedExamCreate } from '../../../plugins/exams/contract/exam.ts'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { apiCall } from './homework-api.ts'

/** The account id a session token carries (its subject): the id the builder's corrector picker names her by. */
export const accountIdOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

/**
 * A new exam of the teacher whose `token` is given, made through the builder's call from her demo
 * draft (its subject, grade, class rooms and questions): a monthly exam on a fixed day `startsInDays`
 * ahead, open two hours, 45 minutes long, split between the `correctors` made of the draft's teacher
 * id. Answers the exam as stored.
 */
export const examFromDraft = async (
  baseURL: string,
  token: string,
  exam: { title: string; startsInDays: number; correctors: (teacherId: string) => FixedExamCreate['correctors'] },
): Promise<FixedExamDetails> => {
  const lines = await apiCall<ReadonlyArray<{ id: number; status: string }>>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', token, {})
  const draftId = lines.data.find((line) => line.status === 'draft')!.id
  const draft = (await apiCall<FixedExamDetails>(baseURL, 'GET', `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draftId}`, token)).data
  const start = Date.now() + exam.startsInDays * 24 * 3_600_000
  const request: FixedExamCreate = {
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: 'same',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    durationMinutes: 45,
    questionCount: draft.questions.length,
    totalDegree: draft.totalDegree,
    questions: draft.questions,
    target: draft.target,
    correctorsMode: 'split',
    correctors: exam.correctors(draft.teacherId),
  }
  const created = await apiCall<FixedExamDetails>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', token, request)
  expect(created.code).toBe(200)
  return created.data
}
