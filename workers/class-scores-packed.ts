import { outcomeOfShares, type Outcome } from '../contracts/questions/scoring.ts'

/**
 * A class's pre-scores as two ArrayBuffers, so the worker hands them to the page by transfer (no
 * copy, no object per answer for the page to build): the scores, and the buffer the class batch
 * came in (contracts/questions/class-batch.ts), whose answer numbers they read. All amounts are in
 * hundredths. Per answer the batch already holds a number (which of the question's different answers
 * it is); the scores hold per question what each number earns. An answer's score and outcome follow
 * from those tables, so the worker writes nothing per answer but the student's total, and allocates
 * nothing the size of the class but her scores (fresh memory is what writing costs most).
 * Layout of the scores, after a header of nine 32-bit words (format, students, questions, cents
 * entries, shares entries, answer columns, where the answers start in the batch's buffer (bytes),
 * and the class's max and the part of it marked by hand, the same for every student):
 *  - `scores`: per student, her score (Int32);
 *  - `counts`: per question, how many students' answers were correct, incorrect, partial, manual (Int32 × 4);
 *  - `averages`: per question, the class's average score (Int32);
 *  - `outOf`: per question, the shares its degree is made of (0 for a question marked by hand);
 *  - `centsAt`: per question, where its cents for 0 … outOf shares start in `cents`;
 *  - `cents`: those tables (Int32);
 *  - `sharesAt`, `lastNumber`: per question, where the shares each answer number earns start in
 *    `shares`, and its last number (any number past it is read as it: an answer the question does
 *    not know, which earns nothing);
 *  - `columnOf`: per question, its column in `numbers` (−1: none, everyone's number is 0);
 *  - `shares`: the shares tables (Uint8, last so the wider parts stay aligned).
 * `numbers` is a view on the batch's buffer: per column, per student, her answer's number (Uint16).
 * Students and questions are in the order the batch gave them.
 */
export const packedFormat = 3

export interface PackedClassScores {
  readonly buffer: ArrayBuffer
  readonly students: number
  readonly questions: number
  /** The class's max, and the part of it marked by hand. */
  readonly max: number
  readonly manualMax: number
  readonly scores: Int32Array
  readonly counts: Int32Array
  readonly averages: Int32Array
  readonly outOf: Int32Array
  readonly centsAt: Int32Array
  readonly cents: Int32Array
  readonly sharesAt: Int32Array
  readonly lastNumber: Int32Array
  readonly columnOf: Int32Array
  readonly numbers: Uint16Array
  readonly shares: Uint8Array
}

/** What the worker answers: the scores, and the batch's buffer holding the answers' numbers from `answersAt`. */
export interface PackedResult {
  readonly scores: ArrayBuffer
  readonly answers: ArrayBufferLike
}

/** The sizes the scores are made of. */
export interface PackedSizes {
  readonly students: number
  readonly questions: number
  readonly cents: number
  readonly shares: number
  readonly columns: number
  readonly answersAt: number
}

const header = 9

const viewsOf = (buffer: ArrayBuffer, answers: ArrayBufferLike, sizes: PackedSizes): PackedClassScores => {
  const { students, questions } = sizes
  const [, , , , , , , max, manualMax] = new Int32Array(buffer, 0, header) as unknown as number[]
  let offset = header * 4
  const ints = (length: number) => {
    const view = new Int32Array(buffer, offset, length)
    offset += length * 4
    return view
  }
  const scores = ints(students)
  const counts = ints(questions * 4)
  const averages = ints(questions)
  const outOf = ints(questions)
  const centsAt = ints(questions)
  const cents = ints(sizes.cents)
  const sharesAt = ints(questions)
  const lastNumber = ints(questions)
  const columnOf = ints(questions)
  const shares = new Uint8Array(buffer, offset, sizes.shares)
  const numbers = new Uint16Array(answers, sizes.answersAt, students * sizes.columns)
  return {
    buffer,
    students,
    questions,
    max: max!,
    manualMax: manualMax!,
    scores,
    counts,
    averages,
    outOf,
    centsAt,
    cents,
    sharesAt,
    lastNumber,
    columnOf,
    numbers,
    shares,
  }
}

const byteLength = ({ students, questions, cents, shares }: PackedSizes) => (header + students + questions * 10 + cents) * 4 + shares

/** Empty packed scores for a class, to be filled in, reading its answers' numbers from the batch's buffer. */
export const packedClassScores = (sizes: PackedSizes, answers: ArrayBufferLike, maxCents: number, manualMaxCents: number): PackedClassScores => {
  const buffer = new ArrayBuffer(byteLength(sizes))
  new Int32Array(buffer, 0, header).set([
    packedFormat,
    sizes.students,
    sizes.questions,
    sizes.cents,
    sizes.shares,
    sizes.columns,
    sizes.answersAt,
    maxCents,
    manualMaxCents,
  ])
  return viewsOf(buffer, answers, sizes)
}

/** Reads packed scores (views on the two buffers, nothing copied); scores of another format or size, or answers that do not hold them, are refused. */
export const readPackedClassScores = ({ scores, answers }: PackedResult): PackedClassScores => {
  if (scores.byteLength < header * 4) throw new Error('class scores: too short')
  const [format, students, questions, cents, shares, columns, answersAt] = new Int32Array(scores, 0, header) as unknown as number[]
  if (format !== packedFormat) throw new Error(`class scores: format ${format} is not ${packedFormat}`)
  const sizes = { students: students!, questions: questions!, cents: cents!, shares: shares!, columns: columns!, answersAt: answersAt! }
  if (scores.byteLength !== byteLength(sizes)) throw new Error('class scores: the size does not match the header')
  if (sizes.answersAt < 0 || sizes.answersAt % 2 !== 0 || sizes.answersAt + sizes.students * sizes.columns * 2 > answers.byteLength)
    throw new Error('class scores: the answers do not hold the numbers')
  return viewsOf(scores, answers, sizes)
}

/** The shares one student earned on one question (0 for a question marked by hand). */
const earnedAt = (packed: PackedClassScores, student: number, question: number): number => {
  if (packed.outOf[question] === 0) return 0
  const column = packed.columnOf[question]!
  const number = column < 0 ? 0 : packed.numbers[column * packed.students + student]!
  return packed.shares[packed.sharesAt[question]! + Math.min(number, packed.lastNumber[question]!)]!
}

/** One student's score on one question, and its outcome. */
export const scoreAt = (packed: PackedClassScores, student: number, question: number): { readonly score: number; readonly outcome: Outcome } => {
  const earned = earnedAt(packed, student, question)
  const outOf = packed.outOf[question]!
  return { score: outOf === 0 ? 0 : packed.cents[packed.centsAt[question]! + earned]! / 100, outcome: outcomeOfShares(earned, outOf, outOf === 0) }
}

/** One student's total, its max and the part of it marked by hand. */
export const totalOf = (packed: PackedClassScores, student: number): { readonly score: number; readonly max: number; readonly manualMax: number } => ({
  score: packed.scores[student]! / 100,
  max: packed.max / 100,
  manualMax: packed.manualMax / 100,
})

/** How the class did on one question. */
export const summaryOf = (packed: PackedClassScores, question: number): { readonly counts: Readonly<Record<Outcome, number>>; readonly average: number } => {
  const at = (code: number) => packed.counts[question * 4 + code]!
  return { counts: { correct: at(0), incorrect: at(1), partial: at(2), manual: at(3) }, average: packed.averages[question]! / 100 }
}
