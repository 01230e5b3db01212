import type { Question } from '../../../contracts/questions/question.ts'
import type { DbClient } from '../../../server/db/db.ts'
import type { ExamInstructions, ExamSession, MyExams, SavedExamAnswers } from '../../../plugins/exams/contract/take-exam.ts'
import { call, type Answer } from './http.ts'

/** A multiple-choice question, a re-arrange of four items, a connect of three pairs and a paragraph. */
export const examQuestions: ReadonlyArray<Question> = [
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
  {
    type: 6,
    id: 'q2',
    header: 'Put the numbers in order, smallest first.',
    degree: 2,
    items: [
      { id: 'i1', text: '1' },
      { id: 'i2', text: '2' },
      { id: 'i3', text: '3' },
      { id: 'i4', text: '4' },
    ],
  },
  {
    type: 8,
    id: 'q3',
    header: 'Match each country with its capital.',
    degree: 3,
    pairs: [
      { left: { id: 'l1', text: 'Egypt' }, right: { id: 'r1', text: 'Cairo' } },
      { left: { id: 'l2', text: 'France' }, right: { id: 'r2', text: 'Paris' } },
      { left: { id: 'l3', text: 'Japan' }, right: { id: 'r3', text: 'Tokyo' } },
    ],
  },
  { type: 3, id: 'q4', header: 'A square has four equal sides.', degree: 1, correct: true },
  { type: 4, id: 'q5', header: 'Explain how you would share 12 sweets among 4 friends.', degree: 2, modelAnswer: 'Three each.' },
]

export interface DemoStudent {
  readonly studentId: number
  readonly classRoomId: number
  readonly schoolId: number
}

export const demoStudent = async (db: DbClient, email: string): Promise<DemoStudent> => {
  const [row] = await db.query<DemoStudent>(
    `SELECT st.id AS "studentId", st.class_room_id AS "classRoomId", st.school_id AS "schoolId" FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = $1`,
    [email],
  )
  return row!
}

export interface ExamSeed {
  /** Now by the server's clock. */
  readonly now: number
  readonly title?: string
  readonly status?: string
  readonly startsInMinutes?: number
  readonly endsInMinutes?: number
  readonly durationMinutes?: number
  readonly questionOrder?: 'random' | 'same'
  /** Her class room (every student of it), or these students. */
  readonly target: { readonly classRoomId: number } | { readonly studentIds: ReadonlyArray<number> }
  readonly questions?: ReadonlyArray<Question>
}

/** An exam of the demo school's teacher, written directly (the builder's calls are another part of the feature). */
export const seedExam = async (db: DbClient, schoolId: number, seed: ExamSeed): Promise<number> => {
  const minutes = (count: number) => new Date(seed.now + count * 60_000).toISOString()
  const [teacher] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'teacher@fasl.school'`)
  const [subject] = await db.query<{ id: number }>(`SELECT id FROM subjects WHERE school_id = $1 AND name_en = 'Mathematics'`, [schoolId])
  const [stage] = await db.query<{ id: number }>(`SELECT id FROM educational_stages WHERE school_id = $1 ORDER BY id LIMIT 1`, [schoolId])
  const questions = seed.questions ?? examQuestions
  const byClass = 'classRoomId' in seed.target
  const [exam] = await db.query<{ id: number }>(
    `INSERT INTO exams (school_id, teacher_id, subject_id, stage_id, title, exam_type, timing, question_order, correctors_mode, starts_at, ends_at,
       duration_minutes, question_count, total_degree, questions, target_kind, status)
     VALUES ($1, $2, $3, $4, $5, 'monthly', 'fixedDay', $6, 'split', $7, $8, $9, $10, $11, $12::text::jsonb, $13, $14) RETURNING id`,
    [
      schoolId,
      teacher!.id,
      subject!.id,
      stage!.id,
      seed.title ?? 'Monthly mathematics exam',
      seed.questionOrder ?? 'random',
      minutes(seed.startsInMinutes ?? -5),
      minutes(seed.endsInMinutes ?? 120),
      seed.durationMinutes ?? 30,
      questions.length,
      questions.reduce((sum, question) => sum + question.degree, 0),
      JSON.stringify(questions),
      byClass ? 'classes' : 'students',
      seed.status ?? 'notViewed',
    ],
  )
  const examId = exam!.id
  if ('classRoomId' in seed.target)
    await db.query('INSERT INTO exam_class_rooms (school_id, exam_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, examId, seed.target.classRoomId])
  else
    for (const studentId of seed.target.studentIds)
      await db.query('INSERT INTO exam_students (school_id, exam_id, student_id) VALUES ($1, $2, $3)', [schoolId, examId, studentId])
  return examId
}

const api = '/exam/api/Sessions'

export const takeExamCalls = (base: string, token: string, language: 'en-US' | 'ar-EG' = 'en-US') => {
  return {
    exams: () => call<MyExams>(base, 'GET', `${api}/GetStudentExams`, undefined, { token }),
    instructions: (body: unknown) => call<ExamInstructions>(base, 'POST', `${api}/GetExamSessionInstructions`, body, { token }),
    open: (body: unknown) => call<ExamSession>(base, 'POST', `${api}/OpenExamSession`, body, { token, language }),
    save: (body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
      call<SavedExamAnswers>(base, 'POST', `${api}/SaveExamAnswers`, body, { token, idempotencyKey, language }),
    finish: (body: unknown, idempotencyKey: string = crypto.randomUUID()) =>
      call<SavedExamAnswers>(base, 'POST', `${api}/FinishExamSession`, body, { token, idempotencyKey }),
  }
}

/** Her link's token for `examId`, from her own list (the way the page gets it). */
export const linkOf = async (calls: ReturnType<typeof takeExamCalls>, examId: number): Promise<string | null> => {
  const listed: Answer<MyExams> = await calls.exams()
  return listed.body.responseData.exams.find((exam) => exam.examId === examId)?.token ?? null
}
