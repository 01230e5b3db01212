import { expect } from 'vitest'
import type { FixedExamCreate } from '../../../plugins/exams/contract/exam.ts'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import { apiCall } from './homework-api.ts'

/** The account id a session token carries (its subject): the id the builder's corrector picker names her by. */
export const accountIdOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub

/** The parts of a builder's create request that the tests choose; the rest is a monthly exam on a fixed day. */
export interface ExamRequestParts {
  readonly title: string
  readonly subjectId: number
  readonly stageId: number
  readonly startsAt: number
  readonly endsAt: number
  readonly durationMinutes: number
  readonly questions: FixedExamCreate['questions']
  readonly target: FixedExamCreate['target']
  readonly correctorsMode: FixedExamCreate['correctorsMode']
  readonly correctors: FixedExamCreate['correctors']
  readonly markDifferenceThreshold?: number | undefined
  /** 'same' unless given. */
  readonly questionOrder?: FixedExamCreate['questionOrder']
}

/** The builder's create request for `parts`. */
export const fixedExamRequest = ({ startsAt, endsAt, markDifferenceThreshold, questionOrder = 'same', ...parts }: ExamRequestParts): FixedExamCreate => ({
  ...parts,
  examType: 'monthly',
  training: false,
  timing: 'fixedDay',
  questionOrder,
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  questionCount: parts.questions.length,
  totalDegree: parts.questions.reduce((sum, question) => sum + question.degree, 0),
  ...(markDifferenceThreshold === undefined ? {} : { markDifferenceThreshold }),
})

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
  const request = fixedExamRequest({
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    startsAt: start,
    endsAt: start + 2 * 3_600_000,
    durationMinutes: 45,
    questions: draft.questions,
    target: draft.target,
    correctorsMode: 'split',
    correctors: exam.correctors(draft.teacherId),
  })
  const created = await apiCall<FixedExamDetails>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', token, request)
  expect(created.code).toBe(200)
  return created.data
}
