import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { FixedExamCreate } from '../../../plugins/exams/contract/exam.ts'
import type { FixedExamDetails } from '../../../plugins/exams/contract/exam-views.ts'
import type { DbClient } from '../../../server/db/db.ts'
import { demoIds, questions, type DemoIds } from './homework.ts'
import { call, type Answer } from './http.ts'

/** Helpers shared by the exam tests: the demo school's ids, a valid exam to vary, and the calls. */

export const examApi = '/exam/api'

export interface ExamIds extends DemoIds {
  /** Grade 4's stage (Primary) and Grade 10's (Secondary). */
  readonly primary: number
  readonly secondary: number
  readonly grade7: number
  readonly teacherId: string
  readonly teacher2Id: string
  readonly supervisorId: string
}

export const examIds = async (db: DbClient): Promise<ExamIds> => {
  const ids = await demoIds(db)
  const stage = async (name: string) =>
    (await db.query<{ id: number }>('SELECT id FROM educational_stages WHERE school_id = $1 AND name_en = $2', [ids.schoolId, name]))[0]!.id
  const user = async (email: string) => (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id
  const [grade7] = await db.query<{ id: number }>(`SELECT id FROM class_rooms WHERE school_id = $1 AND name_en = 'Grade 7'`, [ids.schoolId])
  return {
    ...ids,
    primary: await stage('Primary'),
    secondary: await stage('Secondary'),
    grade7: grade7!.id,
    teacherId: await user('teacher@fasl.school'),
    teacher2Id: await user('teacher2@fasl.school'),
    supervisorId: await user('supervisor@fasl.school'),
  }
}

/** A valid fixed exam of mathematics for Grade 4 A, split 60/40 between the teacher and the supervisor. */
export const validExam = (ids: ExamIds, overrides: Partial<FixedExamCreate> = {}): FixedExamCreate => ({
  title: 'Multiplication test',
  subjectId: ids.mathematics,
  stageId: ids.primary,
  examType: 'monthly',
  training: false,
  timing: 'fixedDay',
  questionOrder: 'random',
  startsAt: '2026-12-10T08:00:00Z',
  endsAt: '2026-12-10T10:00:00Z',
  durationMinutes: 45,
  questionCount: questions.length,
  totalDegree: 6.5,
  questions,
  target: { kind: 'classes', classRoomIds: [ids.roomA] },
  correctorsMode: 'split',
  correctors: [
    { correctorId: ids.teacherId, percentage: 60 },
    { correctorId: ids.supervisorId, percentage: 40 },
  ],
  ...overrides,
})

/** A POST under /exam/api with a fresh Idempotency-Key. */
export const postExam = <T = FixedExamDetails>(base: string, path: string, body: unknown, token: string, language?: 'en-US' | 'ar-EG') =>
  call<T>(base, 'POST', examApi + path, body, { token, idempotencyKey: randomUUID(), language })

export const getExam = <T = FixedExamDetails>(base: string, path: string, token: string) => call<T>(base, 'GET', examApi + path, undefined, { token })

/** The answer's data, after checking it is a 200. */
export const okData = <T>(answer: Answer<T>): T => {
  expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
  return answer.body.responseData
}

export const createExam = async (base: string, token: string, body: FixedExamCreate) =>
  okData(await postExam(base, '/ExamBuilder/CreateFixedExam', body, token))

/** Every row the exam tables hold, to show a refused call changed nothing. */
export const examTables = async (db: DbClient) =>
  (
    await db.query<Record<string, string>>(
      `SELECT (SELECT coalesce(json_agg(e ORDER BY e.id)::text, '') FROM exams e) AS exams,
              (SELECT coalesce(json_agg(r ORDER BY r.exam_id, r.class_room_id)::text, '') FROM exam_class_rooms r) AS rooms,
              (SELECT coalesce(json_agg(s ORDER BY s.exam_id, s.student_id)::text, '') FROM exam_students s) AS students,
              (SELECT coalesce(json_agg(c ORDER BY c.exam_id, c.corrector_id)::text, '') FROM exam_correctors c) AS correctors`,
    )
  )[0]!

/** The exam's stored status, reason and version, read straight from the database (the server's recorded facts). */
export const storedExam = async (db: DbClient, examId: number) =>
  (
    await db.query<{ status: string; status_reason: string | null; version: number; training: boolean }>(
      'SELECT status, status_reason, version, training FROM exams WHERE id = $1',
      [examId],
    )
  )[0]

export const storedCorrectors = (db: DbClient, examId: number) =>
  db.query<{ corrector_id: string; percentage: number; status: string }>(
    'SELECT corrector_id, percentage, status FROM exam_correctors WHERE exam_id = $1 ORDER BY sort',
    [examId],
  )

/** The call was refused with 105 naming exactly `fields`, each with a message, and no exam row changed. */
export const expectExamRefused = async (db: DbClient, send: () => Promise<Answer>, fields: ReadonlyArray<string>) => {
  const before = await examTables(db)
  const answer = await send()
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body.responseCode).toBe(105)
  expect(answer.body.validationList.map((item) => item.field).sort()).toEqual([...fields].sort())
  for (const item of answer.body.validationList) expect(item.message.trim()).not.toBe('')
  expect(await examTables(db)).toEqual(before)
  return answer
}

/** Refused with a catalogue code (HTTP 400), nothing changed. */
export const expectExamCode = async (db: DbClient, send: () => Promise<Answer>, code: number) => {
  const before = await examTables(db)
  const answer = await send()
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body.responseCode).toBe(code)
  expect(answer.body.responseMessage ?? '').not.toBe('')
  expect(await examTables(db)).toEqual(before)
  return answer
}
