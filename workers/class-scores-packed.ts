import type { Outcome } from '../contracts/questions/scoring.ts'

/**
 * A class's pre-scores as one ArrayBuffer, so the worker hands them to the page by transfer (no
 * copy, no object per answer for the page to build). All amounts are in hundredths. Per answer it
 * holds only the shares earned (one byte): its score and outcome follow from its question's table,
 * which keeps a class of 10,000 × 50 at half a megabyte (fresh memory is what writing costs most).
 * Layout, after a header of four 32-bit words (format, students, questions, cents entries):
 *  - `totals`: per student, score, max and the part of max marked by hand (Int32 × 3);
 *  - `counts`: per question, how many students' answers were correct, incorrect, partial, manual (Int32 × 4);
 *  - `averages`: per question, the class's average score (Int32);
 *  - `outOf`: per question, the shares its degree is made of (0 for a question marked by hand);
 *  - `centsAt`: per question, where its cents for 0 … outOf shares start in `cents`;
 *  - `cents`: those tables (Int32);
 *  - `earned`: per question, per student, the shares earned (Uint8, last so the Int32 parts stay aligned).
 * Students and questions are in the order the batch gave them.
 */
export const packedFormat = 2

export interface PackedClassScores {
  readonly buffer: ArrayBuffer
  readonly students: number
  readonly questions: number
  readonly totals: Int32Array
  readonly counts: Int32Array
  readonly averages: Int32Array
  readonly outOf: Int32Array
  readonly centsAt: Int32Array
  readonly cents: Int32Array
  readonly earned: Uint8Array
}

const header = 4

const viewsOf = (buffer: ArrayBuffer, students: number, questions: number, centsLength: number): PackedClassScores => {
  let offset = header * 4
  const ints = (length: number) => {
    const view = new Int32Array(buffer, offset, length)
    offset += length * 4
    return view
  }
  const totals = ints(students * 3)
  const counts = ints(questions * 4)
  const averages = ints(questions)
  const outOf = ints(questions)
  const centsAt = ints(questions)
  const cents = ints(centsLength)
  const earned = new Uint8Array(buffer, offset, students * questions)
  return { buffer, students, questions, totals, counts, averages, outOf, centsAt, cents, earned }
}

const byteLength = (students: number, questions: number, centsLength: number) => (header + students * 3 + questions * 7 + centsLength) * 4 + students * questions

/** Empty packed scores for a class, to be filled in. */
export const packedClassScores = (students: number, questions: number, centsLength: number): PackedClassScores => {
  const buffer = new ArrayBuffer(byteLength(students, questions, centsLength))
  new Int32Array(buffer, 0, header).set([packedFormat, students, questions, centsLength])
  return viewsOf(buffer, students, questions, centsLength)
}

/** Reads packed scores (views on the buffer, nothing copied); a buffer of another format or size is refused. */
export const readPackedClassScores = (buffer: ArrayBuffer): PackedClassScores => {
  if (buffer.byteLength < header * 4) throw new Error('class scores: too short')
  const [format, students, questions, centsLength] = new Int32Array(buffer, 0, header)
  if (format !== packedFormat) throw new Error(`class scores: format ${format} is not ${packedFormat}`)
  if (buffer.byteLength !== byteLength(students!, questions!, centsLength!)) throw new Error('class scores: the size does not match the header')
  return viewsOf(buffer, students!, questions!, centsLength!)
}

/** The outcome of `earned` shares of `outOf` (0: marked by hand). */
export const outcomeOfShares = (earned: number, outOf: number): Outcome => (outOf === 0 ? 'manual' : earned === outOf ? 'correct' : earned === 0 ? 'incorrect' : 'partial')

/** One student's score on one question, and its outcome. */
export const scoreAt = (packed: PackedClassScores, student: number, question: number): { readonly score: number; readonly outcome: Outcome } => {
  const earned = packed.earned[question * packed.students + student]!
  const outOf = packed.outOf[question]!
  return { score: outOf === 0 ? 0 : packed.cents[packed.centsAt[question]! + earned]! / 100, outcome: outcomeOfShares(earned, outOf) }
}

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
