import type { ClassBatch } from '../contracts/questions/class-batch.ts'
import { placeInRun } from '../contracts/questions/longest-ordered.ts'
import { gapMatchersOf, scorerOf } from '../contracts/questions/scoring.ts'
import { QuestionType } from '../contracts/questions/type-codes.ts'
import { packedClassScores, type PackedClassScores } from './class-scores-packed.ts'

/**
 * Scores a class batch's rows (contracts/questions/class-batch.ts) into packed scores
 * (class-scores-packed.ts): what the scoring worker does. The same rules as the scoring module
 * (contracts/questions/scoring.ts), whose scorers give each question's shares and cents, and whose
 * gap matchers judge each distinct text once; `prescoreClass` (class-scoring.ts) reads the answers
 * as objects, and the two are tested to agree answer by answer.
 *
 * Why it looks like this: a class is scored a question at a time, down the students, so each loop
 * below is small and of one type, with what is right in a few numbers, and nothing is allocated per
 * answer. A first pass finds each student's shares earned; a second writes them with the counts and
 * totals, the same for every type.
 */

/** Each student's shares earned on one question, written into `earned`. */
type Column = (rows: Uint16Array, rowWidth: number, at: number, earned: Int32Array) => void

/** Set bits of a 32-bit number. */
const bitCount = (value: number): number => {
  let x = value - ((value >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** Single choice: the slot names an option; `rightAt[value]` is 1 for a right one (0, none, and past the options: 0). */
const singleChoice =
  (rightAt: Uint8Array): Column =>
  (rows, rowWidth, at, earned) => {
    const limit = rightAt.length
    for (let student = 0, slot = at; student < earned.length; student++, slot += rowWidth) {
      const value = rows[slot]!
      earned[student] = value < limit ? rightAt[value]! : 0
    }
  }

/** True/false: 1 false, 2 true. */
const trueFalse =
  (rightValue: number): Column =>
  (rows, rowWidth, at, earned) => {
    for (let student = 0, slot = at; student < earned.length; student++, slot += rowWidth) earned[student] = rows[slot] === rightValue ? 1 : 0
  }

/** Multiple choice: right picks less wrong picks, never below zero (picks past the options count for nothing). */
const multipleChoice =
  (rightMask: number, wrongMask: number): Column =>
  (rows, rowWidth, at, earned) => {
    for (let student = 0, slot = at; student < earned.length; student++, slot += rowWidth) {
      const picked = rows[slot]! | (rows[slot + 1]! << 16)
      const net = bitCount(picked & rightMask) - bitCount(picked & wrongMask)
      earned[student] = net > 0 ? net : 0
    }
  }

/** Complete: per gap, `verdicts[gap]` says for each of its texts (by number, 0 = none) whether it is right. */
const complete =
  (verdicts: ReadonlyArray<Uint8Array>): Column =>
  (rows, rowWidth, at, earned) => {
    earned.fill(0)
    verdicts.forEach((verdict, gap) => {
      const limit = verdict.length
      for (let student = 0, slot = at + gap; student < earned.length; student++, slot += rowWidth) {
        const value = rows[slot]!
        if (value < limit) earned[student]! += verdict[value]!
      }
    })
  }

/** Connect: per pair, the value its right side is written as. */
const connect =
  (rightValues: Int32Array): Column =>
  (rows, rowWidth, at, earned) => {
    earned.fill(0)
    for (let pair = 0; pair < rightValues.length; pair++) {
      const right = rightValues[pair]!
      for (let student = 0, slot = at + pair; student < earned.length; student++, slot += rowWidth) if (rows[slot] === right) earned[student]! += 1
    }
  }

/**
 * Re-arrange: the longest run of items in the right order (patience sorting on the items' places),
 * each item once; L of n earns L − 1 shares of n − 1 (a question of one item: all or nothing).
 * A class gives the same few orders again and again: when every order can be written as one number
 * below 2^16 (its slots as digits), each order's shares are worked out once and looked up after.
 */
const rearrange = (items: number, width: number): Column => {
  const tails = new Int32Array(items + 1)
  const placedAt = new Int32Array(items + 1)
  let round = 0
  const sharesOf = (rows: Uint16Array, row: number): number => {
    if (++round === 2 ** 30) {
      placedAt.fill(0)
      round = 1
    }
    let length = 0
    for (let index = 0; index < width; index++) {
      const value = rows[row + index]!
      if (value === 0) break
      if (value > items || placedAt[value] === round) continue
      placedAt[value] = round
      length = placeInRun(tails, length, value)
    }
    return items <= 1 ? (length === items ? 1 : 0) : length > 1 ? length - 1 : 0
  }
  // Digits: 0 (the order's end), 1 … items, and one more for any slot naming no item.
  const base = items + 2
  const known = base ** width <= 0x10000 ? new Int16Array(base ** width).fill(-1) : null
  return (rows, rowWidth, at, earned) => {
    for (let student = 0, row = at; student < earned.length; student++, row += rowWidth) {
      if (known === null) {
        earned[student] = sharesOf(rows, row)
        continue
      }
      let key = 0
      for (let index = width - 1; index >= 0; index--) {
        const value = rows[row + index]!
        key = key * base + (value > items ? base - 1 : value)
      }
      let shares = known[key]!
      if (shares < 0) known[key] = shares = sharesOf(rows, row)
      earned[student] = shares
    }
  }
}

/** A question's column, or null for one marked by hand. */
const columnOf = (batch: ClassBatch, q: number): Column | null => {
  const question = batch.questions[q]!
  switch (question.type) {
    case QuestionType.singleChoice: {
      const rightIds = new Set(question.options.filter((option) => option.correct).map((option) => option.id))
      return singleChoice(Uint8Array.from([0, ...question.options.map((option) => (rightIds.has(option.id) ? 1 : 0))]))
    }
    case QuestionType.trueFalse:
      return trueFalse(question.correct ? 2 : 1)
    case QuestionType.multipleChoice: {
      const rightIds = new Set(question.options.filter((option) => option.correct).map((option) => option.id))
      const seen = new Set<string>()
      let rightMask = 0
      let wrongMask = 0
      question.options.forEach((option, place) => {
        if (seen.has(option.id)) return
        seen.add(option.id)
        if (rightIds.has(option.id)) rightMask |= 1 << place
        else wrongMask |= 1 << place
      })
      return multipleChoice(rightMask, wrongMask)
    }
    case QuestionType.complete:
      return complete(gapMatchersOf(question).map((gap, g) => Uint8Array.from([0, ...batch.texts[q]![g]!.map((text) => (gap.matches(text) ? 1 : 0))])))
    case QuestionType.connect: {
      const places = new Map<string, number>()
      question.pairs.forEach((pair, place) => places.has(pair.right.id) || places.set(pair.right.id, place))
      return connect(Int32Array.from(question.pairs, (pair) => places.get(pair.right.id)! + 1))
    }
    case QuestionType.rearrange:
      return rearrange(question.items.length, batch.widths[q]!)
    default:
      return null
  }
}

/** Writes one question's shares earned into the packed scores, with the class's counts and average, and adds each student's cents to `sums`. */
const settle = (packed: PackedClassScores, q: number, earned: Int32Array, centsFor: Int32Array, outOf: number, sums: Int32Array) => {
  const written = packed.earned
  let sum = 0
  let correct = 0
  let incorrect = 0
  for (let student = 0, at = q * earned.length; student < earned.length; student++, at++) {
    const shares = earned[student]!
    const cents = centsFor[shares]!
    written[at] = shares
    if (shares === outOf) correct++
    else if (shares === 0) incorrect++
    sums[student]! += cents
    sum += cents
  }
  packed.counts[q * 4] = correct
  packed.counts[q * 4 + 1] = incorrect
  packed.counts[q * 4 + 2] = earned.length - correct - incorrect
  // In hundredths, rounded as prescoreClass rounds.
  packed.averages[q] = earned.length === 0 ? 0 : Math.round(sum / earned.length)
}

/** Scores a whole class batch: the packed scores' buffer, for the worker to transfer. */
export const prescoreClassPacked = (batch: ClassBatch): ArrayBuffer => {
  const students = batch.studentIds.length
  const count = batch.questions.length
  const scorers = batch.questions.map(scorerOf)
  const packed = packedClassScores(students, count, scorers.reduce((sum, scorer) => sum + scorer.centsFor.length, 0))
  const earned = new Int32Array(students)
  const sums = new Int32Array(students)
  let max = 0
  let manualMax = 0
  let centsAt = 0
  scorers.forEach((scorer, q) => {
    max += scorer.maxCents
    packed.centsAt[q] = centsAt
    packed.cents.set(scorer.centsFor, centsAt)
    centsAt += scorer.centsFor.length
    const column = scorer.manual ? null : columnOf(batch, q)
    if (column === null) {
      // Marked by hand: 0 and "manual" for everyone until the teacher marks it (outOf 0 says so).
      manualMax += scorer.maxCents
      packed.counts[q * 4 + 3] = students
      return
    }
    packed.outOf[q] = scorer.outOf
    column(batch.rows, batch.rowWidth, batch.offsets[q]!, earned)
    settle(packed, q, earned, scorer.centsFor, scorer.outOf, sums)
  })
  for (let student = 0; student < students; student++) {
    packed.totals[student * 3] = sums[student]!
    packed.totals[student * 3 + 1] = max
    packed.totals[student * 3 + 2] = manualMax
  }
  return packed.buffer
}
