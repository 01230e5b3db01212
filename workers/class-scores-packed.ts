import type { Outcome } from '../contracts/questions/scoring.ts'

/**
 * A class's pre-scores as one ArrayBuffer, so the worker hands them to the page by transfer (no
 * copy, no object per answer for the page to build). All amounts are in hundredths. Per answer it
 * holds the number the class batch gave it (contracts/questions/class-batch.ts: which of the
 * question's different answers it is, two bytes), and per question what each number earns: its
 * score and outcome follow from those tables, so the worker writes nothing per answer but the
 * student's total, and a class of 10,000 × 50 fits in a megabyte.
 * Layout, after a header of eight 32-bit words (format, students, questions, cents entries, shares
 * entries, answer columns, and the class's max and the part of it marked by hand, the same for
 * every student):
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
 *  - `numbers`: per column, per student, her answer's number (Uint16);
 *  - `shares`: the shares tables (Uint8, last so the wider parts stay aligned).
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

/** The sizes a packed buffer is made of. */
export interface PackedSizes {
  readonly students: number
  readonly questions: number
  readonly cents: number
  readonly shares: number
  readonly columns: number
}

const header = 8

const viewsOf = (buffer: ArrayBuffer, sizes: PackedSizes): PackedClassScores => {
  const { students, questions } = sizes
  const [, , , , , , max, manualMax] = new Int32Array(buffer, 0, header) as unknown as number[]
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
  const numbers = new Uint16Array(buffer, offset, students * sizes.columns)
  const shares = new Uint8Array(buffer, offset + numbers.byteLength, sizes.shares)
  return { buffer, students, questions, max: max!, manualMax: manualMax!, scores, counts, averages, outOf, centsAt, cents, sharesAt, lastNumber, columnOf, numbers, shares }
}

const byteLength = ({ students, questions, cents, shares, columns }: PackedSizes) => (header + students + questions * 10 + cents) * 4 + students * columns * 2 + shares

/** Empty packed scores for a class, to be filled in. */
export const packedClassScores = (sizes: PackedSizes, maxCents: number, manualMaxCents: number): PackedClassScores => {
  const buffer = new ArrayBuffer(byteLength(sizes))
  new Int32Array(buffer, 0, header).set([packedFormat, sizes.students, sizes.questions, sizes.cents, sizes.shares, sizes.columns, maxCents, manualMaxCents])
  return viewsOf(buffer, sizes)
}

/** Reads packed scores (views on the buffer, nothing copied); a buffer of another format or size is refused. */
export const readPackedClassScores = (buffer: ArrayBuffer): PackedClassScores => {
  if (buffer.byteLength < header * 4) throw new Error('class scores: too short')
  const [format, students, questions, cents, shares, columns] = new Int32Array(buffer, 0, header) as unknown as number[]
  if (format !== packedFormat) throw new Error(`class scores: format ${format} is not ${packedFormat}`)
  const sizes = { students: students!, questions: questions!, cents: cents!, shares: shares!, columns: columns! }
  if (buffer.byteLength !== byteLength(sizes)) throw new Error('class scores: the size does not match the header')
  return viewsOf(buffer, sizes)
}

/** The outcome of `earned` shares of `outOf` (0: marked by hand). */
export const outcomeOfShares = (earned: number, outOf: number): Outcome => (outOf === 0 ? 'manual' : earned === outOf ? 'correct' : earned === 0 ? 'incorrect' : 'partial')

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
  return { score: outOf === 0 ? 0 : packed.cents[packed.centsAt[question]! + earned]! / 100, outcome: outcomeOfShares(earned, outOf) }
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
