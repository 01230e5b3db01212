import { decodeClassBatch, encodeClassBatch } from '../../contracts/questions/class-batch.ts'
import { prescoreClassPacked } from '../../workers/class-slots-scoring.ts'
import { percentile } from './measure-load.ts'
import { scoringBatch } from './scoring-batch.ts'

export interface ScoringSpeed {
  readonly answers: number
  /** Median of the runs, answers per second. */
  readonly answersPerSecond: number
  readonly ceilingPerSecond: number
  readonly parseMs: number
}

/**
 * The bare ceiling: each student's single-choice picks in a Uint8Array compared with the right
 * ones, cents added up; nothing is looked up, normalised or allocated. What this machine does at best.
 */
const bareLoop = (students: number, questions: number) => {
  const picked = new Uint8Array(students * questions)
  const right = new Uint8Array(questions)
  const cents = new Int32Array(questions)
  for (let index = 0; index < picked.length; index++) picked[index] = (Math.imul(index, 2654435761) >>> 28) & 3
  for (let question = 0; question < questions; question++) [right[question], cents[question]] = [question & 3, 100 + question]
  const totals = new Int32Array(students)
  return () => {
    for (let student = 0; student < students; student++) {
      let total = 0
      const row = student * questions
      for (let question = 0; question < questions; question++) if (picked[row + question] === right[question]) total += cents[question]!
      totals[student] = total
    }
    return totals
  }
}

const timed = (work: () => unknown, runs: number): number => {
  const times: number[] = []
  for (let run = 0; run < runs + 2; run++) {
    const started = performance.now()
    work()
    // The first two runs warm the JIT up and are not counted.
    if (run >= 2) times.push(performance.now() - started)
  }
  return percentile(times, 50)
}

/**
 * The scoring of a class of `students` × 50 mixed questions as the worker does it, from the batch's
 * bytes (its header parsed, each gap's distinct texts judged, every row scored) to the packed
 * scores, beside the bare ceiling. `parseMs` is the reading of the bytes alone.
 */
export const measureScoring = (students = 10_000, runs = 7): ScoringSpeed => {
  const generated = scoringBatch(students)
  const bytes = encodeClassBatch(generated.questions, generated.submissions)
  const parseStarted = performance.now()
  const batch = decodeClassBatch(bytes)
  const parseMs = performance.now() - parseStarted
  const answers = students * batch.questions.length
  const scoringMs = timed(() => prescoreClassPacked(decodeClassBatch(bytes)), runs)
  const ceilingMs = timed(bareLoop(students, batch.questions.length), runs)
  return { answers, answersPerSecond: answers / (scoringMs / 1000), ceilingPerSecond: answers / (ceilingMs / 1000), parseMs }
}
