import { expect } from 'vitest'
import type { HomeworkInsert } from '../../../plugins/homework/contract/homework.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { DbClient } from '../../../server/db/db.ts'

/** Helpers shared by the homework tests: the demo school's ids and a valid homework to vary. */

export interface DemoIds {
  readonly schoolId: number
  /** Grade 4 A: teacher and supervisor (not teacher2). */
  readonly roomA: number
  /** Grade 4 B: teacher and teacher2. */
  readonly roomB: number
  /** Grade 10 Science / 1: the supervisor only. */
  readonly roomScience: number
  readonly mathematics: number
  readonly physics: number
  readonly studentsOfA: ReadonlyArray<number>
  readonly studentsOfB: ReadonlyArray<number>
}

export const demoIds = async (db: DbClient): Promise<DemoIds> => {
  const [school] = await db.query<{ school_id: number }>(`SELECT school_id FROM users WHERE email = 'teacher@fasl.school'`)
  const schoolId = school!.school_id
  const room = async (name: string, division: string) =>
    (await db.query<{ id: number }>('SELECT id FROM class_rooms WHERE school_id = $1 AND name_en = $2 AND division_en = $3', [schoolId, name, division]))[0]!.id
  const subject = async (name: string) =>
    (await db.query<{ id: number }>('SELECT id FROM subjects WHERE school_id = $1 AND name_en = $2', [schoolId, name]))[0]!.id
  const students = async (roomId: number) =>
    (await db.query<{ id: number }>('SELECT id FROM students WHERE class_room_id = $1 ORDER BY id', [roomId])).map((row) => row.id)
  const roomA = await room('Grade 4', 'A')
  const roomB = await room('Grade 4', 'B')
  return {
    schoolId,
    roomA,
    roomB,
    roomScience: await room('Grade 10', 'Science / 1'),
    mathematics: await subject('Mathematics'),
    physics: await subject('Physics'),
    studentsOfA: await students(roomA),
    studentsOfB: await students(roomB),
  }
}

export const questions: ReadonlyArray<Question> = [
  {
    type: 2,
    id: 'q1',
    header: 'What is 7 × 8?',
    degree: 2,
    options: [
      { id: 'a', text: '54', correct: false },
      { id: 'b', text: '56', correct: true },
    ],
  },
  { type: 3, id: 'q2', header: 'A square has four equal sides.', degree: 1.5, correct: true },
  { type: 4, id: 'q3', header: 'Explain how you would share 12 sweets among 4 friends.', degree: 3 },
]

export const homeworkText = 'Solve every question below and show your working where the question asks for it.'

/** A valid homework for `classRoomId`, due a day after it starts. */
export const validHomework = (classRoomId: number, subjectId: number, overrides: Partial<HomeworkInsert> = {}): HomeworkInsert => ({
  classRoomId,
  subjectId,
  title: 'Multiplication practice',
  text: homeworkText,
  type: 'homework',
  questions,
  totalDegree: 6.5,
  startsAt: '2026-12-01T08:00:00Z',
  dueAt: '2026-12-02T08:00:00Z',
  target: { kind: 'class' },
  ...overrides,
})

/** Every row the homework tables hold, to show a refused call changed nothing. */
export const homeworkTables = async (db: DbClient) =>
  (
    await db.query<{ homework: string; targets: string; topics: string; submissions: string }>(
      `SELECT (SELECT coalesce(json_agg(h ORDER BY h.id)::text, '') FROM homework h) AS homework,
              (SELECT coalesce(json_agg(t ORDER BY t.homework_id, t.student_id)::text, '') FROM homework_targets t) AS targets,
              (SELECT coalesce(json_agg(p ORDER BY p.homework_id, p.topic_id)::text, '') FROM homework_topics p) AS topics,
              (SELECT coalesce(json_agg(s ORDER BY s.id)::text, '') FROM homework_submissions s) AS submissions`,
    )
  )[0]!

/** The call was refused with 105 naming exactly `fields`, each with a message, and no homework row (topics and work included) changed. */
export interface RefusableAnswer {
  readonly status: number
  readonly body: { readonly responseCode: number; readonly validationList: ReadonlyArray<{ readonly field: string; readonly message: string }> }
}

export const expectHomeworkRefused = async <A extends RefusableAnswer>(db: DbClient, send: () => Promise<A>, fields: ReadonlyArray<string>): Promise<A> => {
  const before = await homeworkTables(db)
  const answer = await send()
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body.responseCode).toBe(105)
  expect(answer.body.validationList.map((item) => item.field).sort()).toEqual([...fields].sort())
  for (const item of answer.body.validationList) expect(item.message.trim()).not.toBe('')
  expect(await homeworkTables(db)).toEqual(before)
  return answer
}

/** A student's work on a homework, written directly: the submission endpoints come later. */
export const recordSubmission = (db: DbClient, schoolId: number, homeworkId: number, studentId: number, status: string) =>
  db.query(`INSERT INTO homework_submissions (school_id, homework_id, student_id, status, submitted_at) VALUES ($1, $2, $3, $4, now())`, [
    schoolId,
    homeworkId,
    studentId,
    status,
  ])
