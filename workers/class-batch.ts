import type { Answer, Question } from '../contracts/questions/question.ts'
import { answerOf } from '../contracts/questions/scoring.ts'
import type { StudentSubmission } from './class-scoring.ts'

/**
 * A class's work as the scoring worker takes it: one JSON string, encoded once on the page (or
 * passed on as the server's text) and parsed in the worker, never an object graph copied by
 * structured clone. Each student's answers are in the questions' order (null for none), so the
 * worker reads them by position rather than by key.
 */
export const batchFormat = 1

export interface ClassBatch {
  readonly questions: ReadonlyArray<Question>
  readonly studentIds: ReadonlyArray<string | number>
  /** Per student, per question (in `questions` order): the answer, or null. */
  readonly answers: ReadonlyArray<ReadonlyArray<Answer | null>>
}

interface Wire {
  readonly format: number
  readonly questions: ReadonlyArray<Question>
  readonly students: ReadonlyArray<{ readonly id: string | number; readonly answers: ReadonlyArray<Answer | null> }>
}

export const encodeClassBatch = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): string => {
  const wire: Wire = {
    format: batchFormat,
    questions,
    students: submissions.map((submission) => ({ id: submission.studentId, answers: questions.map((question) => answerOf(submission.answers, question.id) ?? null) })),
  }
  return JSON.stringify(wire)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Parses a batch. Its shape is checked (the format, a list of questions, each student's answers one
 * per question, each answer an object or null); the questions and answers themselves come from the
 * server's own decoded reads, and the scoring treats an answer of another type as none.
 */
export const decodeClassBatch = (text: string): ClassBatch => {
  const wire: unknown = JSON.parse(text)
  if (!isRecord(wire) || wire.format !== batchFormat) throw new Error(`class batch: not format ${batchFormat}`)
  const { questions, students } = wire
  if (!Array.isArray(questions) || !questions.every(isRecord) || !Array.isArray(students)) throw new Error('class batch: questions and students must be lists')
  const studentIds: Array<string | number> = []
  const answers: Array<ReadonlyArray<Answer | null>> = []
  for (const student of students as unknown[]) {
    if (!isRecord(student) || !Array.isArray(student.answers) || student.answers.length !== questions.length) throw new Error('class batch: a student needs one answer (or null) per question')
    if (typeof student.id !== 'string' && typeof student.id !== 'number') throw new Error('class batch: a student needs an id')
    for (const answer of student.answers as unknown[]) if (answer !== null && !isRecord(answer)) throw new Error('class batch: an answer is an object or null')
    studentIds.push(student.id)
    answers.push(student.answers as ReadonlyArray<Answer | null>)
  }
  return { questions: questions as unknown as ReadonlyArray<Question>, studentIds, answers }
}
