import { decodeClassBatch, encodeClassBatch } from '../../contracts/questions/class-batch.ts'
import { prescoreClassPacked } from '../../workers/class-batch-scoring.ts'
import { scoringBatch, type Spread } from './scoring-batch.ts'

export interface ScoringSpeed {
  readonly answers: number
  /** Median of the runs, answers per second. */
  readonly answersPerSecond: number
  readonly ceilingPerSecond: number
  /** The median, over the rounds, of the scoring's rate as a share of the ceiling's in the same round. */
  readonly shareOfCeiling: number
  readonly parseMs: number
  /** Writing the batch from the answers as objects, in base64, as the server answers it per request: median of 3. */
  readonly encodeMs: number
}

/**
 * The bare ceiling: each student's single-choice picks in a Uint8Array compared with the right
 * ones, cents added up; nothing is looked up, normalised or allocated. What this machine does at best.
 * The arrays are its arguments, as the scoring's are: data that arrives while it runs. (Captured in
 * a closure instead, the first closure made gets them folded in as constants by the JIT, and runs
 * half as fast again as any made after it: a ceiling that moves with the order of the calls.)
 */
const compareAll = (picked: Uint8Array, right: Uint8Array, cents: Int32Array, totals: Int32Array): Int32Array => {
  const questions = right.length
  for (let student = 0; student < totals.length; student++) {
    let total = 0
    const row = student * questions
    for (let question = 0; question < questions; question++) if (picked[row + question] === right[question]) total += cents[question]!
    totals[student] = total
  }
  return totals
}

const bareLoop = (students: number, questions: number) => {
  const picked = new Uint8Array(students * questions)
  const right = new Uint8Array(questions)
  const cents = new Int32Array(questions)
  for (let index = 0; index < picked.length; index++) picked[index] = (Math.imul(index, 2654435761) >>> 28) & 3
  for (let question = 0; question < questions; question++) [right[question], cents[question]] = [question & 3, 100 + question]
  const totals = new Int32Array(students)
  return () => compareAll(picked, right, cents, totals)
}

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

const timed = (work: () => unknown): number => {
  const started = performance.now()
  work()
  return performance.now() - started
}

/**
 * The scoring of a class of `students` × 50 mixed questions as the worker does it, from the batch's
 * bytes (its header parsed, each question's different answers judged, every answer looked up) to the
 * packed scores, beside the bare ceiling. The two take turns, round by round, so a machine whose
 * speed swings treats both alike; the first rounds warm the JIT up and are not counted. `parseMs`
 * is the reading of the bytes alone. `spread`: which answers the class gives (scoring-batch.ts).
 */
export const measureScoring = (students = 10_000, rounds = 21, spread: Spread = 'mixed'): ScoringSpeed => {
  const generated = scoringBatch(students, undefined, spread)
  const encodeMs = median(
    Array.from({ length: 3 }, () => timed(() => Buffer.from(encodeClassBatch(generated.questions, generated.submissions)).toString('base64'))),
  )
  const bytes = encodeClassBatch(generated.questions, generated.submissions)
  const parseMs = timed(() => decodeClassBatch(bytes))
  const answers = students * generated.questions.length
  const ceiling = bareLoop(students, generated.questions.length)
  const score = () => prescoreClassPacked(decodeClassBatch(bytes))
  const scoring: number[] = []
  const bare: number[] = []
  for (let round = 0; round < rounds + 3; round++) {
    const [scoringMs, bareMs] = [timed(score), timed(ceiling)]
    if (round < 3) continue
    scoring.push(scoringMs)
    bare.push(bareMs)
  }
  const shares = scoring.map((scoringMs, round) => bare[round]! / scoringMs)
  return {
    answers,
    answersPerSecond: answers / (median(scoring) / 1000),
    ceilingPerSecond: answers / (median(bare) / 1000),
    shareOfCeiling: median(shares),
    parseMs,
    encodeMs,
  }
}
