import { gapsOf } from './complete.ts'
import type { Answer, Question } from './question.ts'
import { ownEntry } from './scoring.ts'
import { QuestionType } from './type-codes.ts'

/**
 * A class's work as the scoring worker takes it: one JSON text, encoded once (by the server for
 * HomeWork/GetHomeworkClassAnswers) and parsed in the worker, never an object graph copied by
 * structured clone. Each student's answers are in the questions' order, each as its compact value
 * (what parsing costs is mostly the text's length and its objects, and a keyed answer object is
 * most of a class's text):
 *  - multiple choice and re-arrange: the list of keys; single choice: the key or null; true/false: the value or null;
 *  - complete: per gap, in the question's order, the text or null; connect: per pair, the right side's key or null;
 *  - a question marked by hand: the answer as it is;
 *  - no answer, or an answer of another type (it scores as none): null.
 * The worker makes the answers again from them, keyed as the scoring module reads them.
 */
export const batchFormat = 2

/** One student's answers, keyed by question id. */
export interface StudentSubmission {
  readonly studentId: string | number
  readonly answers: Readonly<Record<string, Answer | undefined>>
}

export interface ClassBatch {
  readonly questions: ReadonlyArray<Question>
  readonly studentIds: ReadonlyArray<string | number>
  /** Per student, per question (in `questions` order): the answer, or null. */
  readonly answers: ReadonlyArray<ReadonlyArray<Answer | null>>
}

type Compact = string | boolean | ReadonlyArray<string | null> | Answer | null

/** The keys a question's record answer is read by, in order (gaps, left sides), or null for a question without. */
const keysOf = (question: Question): ReadonlyArray<string> | null =>
  question.type === QuestionType.complete ? gapsOf(question).map((gap) => gap.id) : question.type === QuestionType.connect ? question.pairs.map((pair) => pair.left.id) : null

const compactOf = (question: Question, keys: ReadonlyArray<string> | null, answer: Answer | undefined): Compact => {
  if (answer === undefined || answer.type !== question.type) return null
  switch (answer.type) {
    case QuestionType.multipleChoice:
      return answer.selected
    case QuestionType.singleChoice:
      return answer.selected
    case QuestionType.trueFalse:
      return answer.value
    case QuestionType.rearrange:
      return answer.order
    case QuestionType.complete:
      return keys!.map((key) => ownEntry(answer.gaps, key) ?? null)
    case QuestionType.connect:
      return keys!.map((key) => ownEntry(answer.matches, key) ?? null)
    default:
      return answer
  }
}

export const encodeClassBatch = (questions: ReadonlyArray<Question>, submissions: ReadonlyArray<StudentSubmission>): string => {
  const keys = questions.map(keysOf)
  const students = submissions.map((submission) => [submission.studentId, questions.map((question, index) => compactOf(question, keys[index]!, ownEntry(submission.answers, question.id)))])
  return JSON.stringify({ format: batchFormat, questions, students })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isKeyList = (value: unknown): value is string[] => Array.isArray(value) && value.every((key) => typeof key === 'string')

const refuse = (why: string): never => {
  throw new Error(`class batch: ${why}`)
}

/** A record of the keys given a value, each its own entry (a key such as `__proto__` included). */
const recordOf = (keys: ReadonlyArray<string>, values: ReadonlyArray<string | null>): Record<string, string> => {
  const record: Record<string, string> = {}
  for (let index = 0; index < keys.length; index++) {
    const value = values[index]
    if (value === null || value === undefined) continue
    if (keys[index]! in Object.prototype) Object.defineProperty(record, keys[index]!, { value, enumerable: true, writable: true, configurable: true })
    else record[keys[index]!] = value
  }
  return record
}

const answerFrom = (question: Question, keys: ReadonlyArray<string> | null, value: unknown): Answer | null => {
  if (value === null) return null
  switch (question.type) {
    case QuestionType.multipleChoice:
      return isKeyList(value) ? { type: question.type, selected: value } : refuse('a multiple choice answer is a list of keys')
    case QuestionType.singleChoice:
      return typeof value === 'string' ? { type: question.type, selected: value } : refuse('a single choice answer is a key')
    case QuestionType.trueFalse:
      return typeof value === 'boolean' ? { type: question.type, value } : refuse('a true/false answer is true or false')
    case QuestionType.rearrange:
      return isKeyList(value) ? { type: question.type, order: value } : refuse('a re-arrange answer is a list of keys')
    case QuestionType.complete:
    case QuestionType.connect: {
      if (!Array.isArray(value) || value.length !== keys!.length || !value.every((entry) => entry === null || typeof entry === 'string')) return refuse('a complete or connect answer has a text or null per gap or pair')
      const record = recordOf(keys!, value as Array<string | null>)
      return question.type === QuestionType.complete ? { type: question.type, gaps: record } : { type: question.type, matches: record }
    }
    default:
      return isRecord(value) ? (value as unknown as Answer) : refuse('an answer marked by hand is an object')
  }
}

/**
 * Parses a batch. Its shape is checked (the format, a list of questions, each student's answers one
 * per question, each of the compact kind its question takes); the questions and answers themselves
 * come from the server's own decoded reads.
 */
export const decodeClassBatch = (text: string): ClassBatch => {
  const wire: unknown = JSON.parse(text)
  if (!isRecord(wire) || wire.format !== batchFormat) return refuse(`not format ${batchFormat}`)
  const { questions, students } = wire
  if (!Array.isArray(questions) || !questions.every(isRecord) || !Array.isArray(students)) return refuse('questions and students must be lists')
  const typed = questions as unknown as ReadonlyArray<Question>
  const keys = typed.map(keysOf)
  const studentIds: Array<string | number> = []
  const answers: Array<ReadonlyArray<Answer | null>> = []
  for (const student of students as unknown[]) {
    if (!Array.isArray(student) || student.length !== 2) return refuse('a student is her id and her answers')
    const [id, given] = student as [unknown, unknown]
    if (typeof id !== 'string' && typeof id !== 'number') return refuse('a student needs an id')
    if (!Array.isArray(given) || given.length !== typed.length) return refuse('a student needs one answer (or null) per question')
    studentIds.push(id)
    answers.push(typed.map((question, index) => answerFrom(question, keys[index]!, given[index])))
  }
  return { questions: typed, studentIds, answers }
}
