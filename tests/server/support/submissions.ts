import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { HomeworkInsert, HomeworkSaved } from '../../../plugins/homework/contract/homework.ts'
import { defaultGapMatching } from '../../../contracts/questions/normalise.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { DbClient } from '../../../server/db/db.ts'
import { homeworkText } from './homework.ts'
import { call, type CallOptions } from './http.ts'

/** Helpers of the student-homework and correction tests. */

export const api = '/school/api'

/**
 * The README's worked example ("Why 2.5 of 4?": single choice 1, complete 2 with four gaps, true/false 1)
 * with a multiple choice worth 4 (A and C right), a connect worth 3 (four pairs) and a paragraph worth 3.
 */
export const scoredQuestions: ReadonlyArray<Question> = [
  {
    type: 2,
    id: 'single',
    header: 'What is 7 × 8?',
    degree: 1,
    options: [
      { id: 'a', text: '54', correct: false },
      { id: 'b', text: '56', correct: true },
    ],
  },
  {
    type: 7,
    id: 'gaps',
    header: 'Complete the sentence.',
    degree: 2,
    body: [
      { kind: 'text', text: 'The capitals are ' },
      { kind: 'gap', id: 'g1', answers: ['Cairo'] },
      { kind: 'text', text: ', ' },
      { kind: 'gap', id: 'g2', answers: ['Amman'] },
      { kind: 'text', text: ', ' },
      { kind: 'gap', id: 'g3', answers: ['Rabat'] },
      { kind: 'text', text: ' and ' },
      { kind: 'gap', id: 'g4', answers: ['Tunis'] },
    ],
    matching: defaultGapMatching,
  },
  { type: 3, id: 'statement', header: 'A square has five sides.', degree: 1, correct: false },
  {
    type: 1,
    id: 'multiple',
    header: 'Which numbers are even?',
    degree: 4,
    options: [
      { id: 'A', text: '2', correct: true },
      { id: 'B', text: '3', correct: false },
      { id: 'C', text: '4', correct: true },
      { id: 'D', text: '5', correct: false },
    ],
  },
  {
    type: 8,
    id: 'match',
    header: 'Match each country with its capital.',
    degree: 3,
    pairs: [
      { left: { id: 'l1', text: 'Egypt' }, right: { id: 'r1', text: 'Cairo' } },
      { left: { id: 'l2', text: 'Jordan' }, right: { id: 'r2', text: 'Amman' } },
      { left: { id: 'l3', text: 'Morocco' }, right: { id: 'r3', text: 'Rabat' } },
      { left: { id: 'l4', text: 'Tunisia' }, right: { id: 'r4', text: 'Tunis' } },
    ],
  },
  { type: 4, id: 'essay', header: 'Explain how you would share 12 sweets among 4 friends.', degree: 3, modelAnswer: 'Three each.' },
]

/** 1 + 1.5 + 0 + 2 + 1.5 (+ the paragraph, by hand) of 14. */
export const partlyRightAnswers = {
  single: { type: 2, selected: 'b' },
  gaps: { type: 7, gaps: { g1: 'cairo', g2: ' Amman ', g3: 'Rabat', g4: 'Sfax' } },
  statement: { type: 3, value: true },
  multiple: { type: 1, selected: ['A', 'B', 'C'] },
  match: { type: 8, matches: { l1: 'r1', l2: 'r2', l3: 'r4', l4: 'r3' } },
  essay: { type: 4, text: 'Each friend gets three sweets, because 12 ÷ 4 = 3.' },
} as const

export const hours = (count: number) => count * 3_600_000

/** A homework of `classRoomId` that started an hour before `now` and is due `dueInHours` after it. */
export const homeworkAround = (
  now: number,
  classRoomId: number,
  subjectId: number,
  dueInHours: number,
  overrides: Partial<HomeworkInsert> = {},
): HomeworkInsert => ({
  classRoomId,
  subjectId,
  title: 'Capitals and numbers',
  text: homeworkText,
  type: 'homework',
  questions: scoredQuestions,
  totalDegree: 14,
  startsAt: new Date(now - hours(1)).toISOString(),
  dueAt: new Date(now + hours(dueInHours)).toISOString(),
  target: { kind: 'class' },
  ...overrides,
})

export const insertHomework = async (base: string, token: string, body: HomeworkInsert) => {
  const answer = await call<HomeworkSaved>(base, 'POST', `${api}/HomeWork/InsertHomeWork`, body, { token, idempotencyKey: randomUUID() })
  expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
  return answer.body.responseData.homework
}

/** A POST with a fresh Idempotency-Key (or the one given). */
export const post = <T = unknown>(base: string, path: string, body: unknown, token: string, options: CallOptions = {}) =>
  call<T>(base, 'POST', `${api}${path}`, body, { token, idempotencyKey: randomUUID(), ...options })

export const get = <T = unknown>(base: string, path: string, token: string, options: CallOptions = {}) =>
  call<T>(base, 'GET', `${api}${path}`, undefined, { token, ...options })

/** The student row a student account is linked to. */
export const studentOf = async (db: DbClient, email: string) =>
  (
    await db.query<{ id: number; name_en: string; name_ar: string }>(
      'SELECT st.id, st.name_en, st.name_ar FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = $1',
      [email],
    )
  )[0]!

export const submissionsTable = async (db: DbClient) =>
  (await db.query<{ rows: string }>(`SELECT coalesce(json_agg(s ORDER BY s.id)::text, '') AS rows FROM homework_submissions s`))[0]!.rows
