import type { Outcome } from '../contracts/questions/scoring.ts'

/**
 * A class's pre-scores as one ArrayBuffer, so the worker hands them to the page by transfer (no
 * copy, no object per answer for the page to build). All amounts are in hundredths. Layout, after a
 * header of three 32-bit words (format, students, questions):
 *  - `totals`: per student, score, max and the part of max marked by hand (Int32 × 3);
 *  - `scores`: per student, per question, the score (Int32);
 *  - `counts`: per question, how many students' answers were correct, incorrect, partial, manual (Int32 × 4);
 *  - `averages`: per question, the class's average score (Int32);
 *  - `outcomes`: per student, per question, the outcome's code (Uint8, last so the Int32 parts stay aligned).
 * Students and questions are in the order the batch gave them.
 */
export const packedFormat = 1

export const outcomeNames: ReadonlyArray<Outcome> = ['correct', 'incorrect', 'partial', 'manual']
export const outcomeCodes: Readonly<Record<Outcome, number>> = { correct: 0, incorrect: 1, partial: 2, manual: 3 }

export interface PackedClassScores {
  readonly buffer: ArrayBuffer
  readonly students: number
  readonly questions: number
  readonly totals: Int32Array
  readonly scores: Int32Array
  readonly counts: Int32Array
  readonly averages: Int32Array
  readonly outcomes: Uint8Array
}

const header = 3

const viewsOf = (buffer: ArrayBuffer, students: number, questions: number): PackedClassScores => {
  let offset = header * 4
  const ints = (length: number) => {
    const view = new Int32Array(buffer, offset, length)
    offset += length * 4
    return view
  }
  const totals = ints(students * 3)
  const scores = ints(students * questions)
  const counts = ints(questions * 4)
  const averages = ints(questions)
  const outcomes = new Uint8Array(buffer, offset, students * questions)
  return { buffer, students, questions, totals, scores, counts, averages, outcomes }
}

const byteLength = (students: number, questions: number) => (header + students * 3 + students * questions + questions * 5) * 4 + students * questions

/** Empty packed scores for a class, to be filled in. */
export const packedClassScores = (students: number, questions: number): PackedClassScores => {
  const buffer = new ArrayBuffer(byteLength(students, questions))
  new Int32Array(buffer, 0, header).set([packedFormat, students, questions])
  return viewsOf(buffer, students, questions)
}

/** Reads packed scores (views on the buffer, nothing copied); a buffer of another format or size is refused. */
export const readPackedClassScores = (buffer: ArrayBuffer): PackedClassScores => {
  if (buffer.byteLength < header * 4) throw new Error('class scores: too short')
  const [format, students, questions] = new Int32Array(buffer, 0, header)
  if (format !== packedFormat) throw new Error(`class scores: format ${format} is not ${packedFormat}`)
  if (buffer.byteLength !== byteLength(students!, questions!)) throw new Error('class scores: the size does not match the header')
  return viewsOf(buffer, students!, questions!)
}

/** One student's score on one question, and its outcome. */
export const scoreAt = (packed: PackedClassScores, student: number, question: number): { readonly score: number; readonly outcome: Outcome } => ({
  score: packed.scores[student * packed.questions + question]! / 100,
  outcome: outcomeNames[packed.outcomes[student * packed.questions + question]!]!,
})

/** One student's total, its max and the part of it marked by hand. */
export const totalOf = (packed: PackedClassScores, student: number): { readonly score: number; readonly max: number; readonly manualMax: number } => ({
  score: packed.totals[student * 3]! / 100,
  max: packed.totals[student * 3 + 1]! / 100,
  manualMax: packed.totals[student * 3 + 2]! / 100,
})

/** How the class did on one question. */
export const summaryOf = (packed: PackedClassScores, question: number): { readonly counts: Readonly<Record<Outcome, number>>; readonly average: number } => {
  const at = (code: number) => packed.counts[question * 4 + code]!
  return { counts: { correct: at(0), incorrect: at(1), partial: at(2), manual: at(3) }, average: packed.averages[question]! / 100 }
}
