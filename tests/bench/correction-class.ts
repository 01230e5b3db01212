import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Answer } from '../../contracts/questions/question.ts'
import { QuestionType } from '../../contracts/questions/type-codes.ts'
import { webClient } from '../../contracts/settings.ts'
import { openPglite } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { migrationSets } from '../../server/features.ts'
import { seedDemoSchool } from '../../server/seed/demo.ts'
import { scoringBatch } from './scoring-batch.ts'

/**
 * The correction screen's benchmark class: the demo school with Grade 4 A grown to `size` students,
 * each with a student account (the demo's password), in an embedded database folder of its own.
 * Written before the server starts (the embedded database belongs to one process); everything
 * after that (the homework, every student's answers) goes through the server's API.
 */
export const benchStudentPassword = 'Student#2026'

export const seedCorrectionClass = async (size: number): Promise<{ readonly dataDir: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fasl-bench-'))
  const db = await openPglite(join(dataDir, 'db'))
  try {
    await migrate(db, migrationSets)
    await seedDemoSchool(db)
    await db.transaction(async (tx) => {
      const [first] = await tx.query<{ school_id: number; class_room_id: number; parent_id: number; password_hash: string }>(
        `SELECT st.school_id, st.class_room_id, st.parent_id, u.password_hash FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = 'student@fasl.school'`,
      )
      const { school_id: schoolId, class_room_id: roomId, parent_id: parentId, password_hash: hash } = first!
      const [{ count }] = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM students WHERE class_room_id = $1', [roomId])) as [
        { count: number },
      ]
      for (let seat = count; seat < size; seat++)
        await tx.query('INSERT INTO students (school_id, class_room_id, parent_id, name_en, name_ar) VALUES ($1, $2, $3, $4, $5)', [
          schoolId,
          roomId,
          parentId,
          `Bench Student ${seat + 1}`,
          `طالب القياس ${seat + 1}`,
        ])
      const unlinked = await tx.query<{ id: number }>('SELECT id FROM students WHERE class_room_id = $1 AND user_id IS NULL ORDER BY id', [roomId])
      for (const [index, student] of unlinked.entries()) {
        const userId = randomUUID()
        await tx.query(
          `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type) VALUES ($1, $2, $3, $4, 'Bench', 'Student', 'Student')`,
          [userId, schoolId, `bench-student-${index + 1}@fasl.school`, hash],
        )
        await tx.query('UPDATE students SET user_id = $1 WHERE id = $2', [userId, student.id])
      }
    })
  } finally {
    await db.close()
  }
  return { dataDir }
}

interface Envelope<T> {
  readonly responseCode: number
  readonly responseData: T
}

const call = async <T>(url: string, path: string, token: string | null, body?: unknown): Promise<T> => {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const envelope = (await response.json()) as Envelope<T>
  if (envelope.responseCode !== 200) throw new Error(`${path}: ${JSON.stringify(envelope).slice(0, 500)}`)
  return envelope.responseData
}

const tokenOf = async (url: string, email: string, password: string) =>
  (await call<{ accessToken: string }>(url, '/api/Auth/Login', null, { email, password, ...webClient })).accessToken

export interface CorrectionClass {
  readonly classRoomId: number
  readonly homeworkId: number
  readonly students: number
  readonly questions: number
}

/**
 * Through the API: the teacher sets a 50-question homework (scoring-batch.ts's mix) for the whole of
 * Grade 4 A, and every student of it opens it and hands in her answers (file and recording answers
 * left out: answers cannot upload files yet).
 */
export const handInCorrectionClass = async (url: string): Promise<CorrectionClass> => {
  const teacher = await tokenOf(url, 'teacher@fasl.school', 'Teacher#2026')
  const rooms = await call<Array<{ classRoomId: number; name: string; division: string }>>(url, '/school/api/ClassRooms/GetTeacherClassRooms', teacher)
  const room = rooms.find((candidate) => candidate.name === 'Grade 4' && candidate.division === 'A') ?? rooms[0]!
  const subject = (await call<Array<{ id: number }>>(url, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room.classRoomId}`, teacher))[0]!
  const roster = await call<Array<{ id: number }>>(url, `/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${room.classRoomId}`, teacher)
  const batch = scoringBatch(roster.length, 40)
  const now = Date.now()
  const saved = await call<{ homework: { id: number } }>(url, '/school/api/HomeWork/InsertHomeWork', teacher, {
    classRoomId: room.classRoomId,
    subjectId: subject.id,
    title: 'Benchmark: fifty questions',
    text: 'Fifty questions of every kind, answered by the whole class, to time the correction screen.',
    type: 'homework',
    questions: batch.questions,
    totalDegree: batch.questions.reduce((sum, question) => sum + question.degree, 0),
    startsAt: new Date(now - 3_600_000).toISOString(),
    dueAt: new Date(now + 7 * 86_400_000).toISOString(),
    target: { kind: 'class' },
  })
  const homeworkId = saved.homework.id
  const emails = ['student@fasl.school', ...Array.from({ length: roster.length - 1 }, (_, index) => `bench-student-${index + 1}@fasl.school`)]
  const storable = (answer: Answer | undefined) =>
    answer !== undefined && answer.type !== QuestionType.fileUpload && answer.type !== QuestionType.audioRecording
  for (const [index, email] of emails.entries()) {
    const token = await tokenOf(url, email, benchStudentPassword)
    const opened = await call<{ version: number | null }>(url, '/school/api/Student/OpenHomework', token, { homeworkId })
    const answers = Object.fromEntries(Object.entries(batch.submissions[index]!.answers).filter(([, answer]) => storable(answer)))
    await call(url, '/school/api/Student/SubmitHomework', token, { homeworkId, version: opened.version, answers })
  }
  return { classRoomId: room.classRoomId, homeworkId, students: emails.length, questions: batch.questions.length }
}
