import type { ClassBatch } from '../contracts/questions/class-batch.ts'
import { placeInRun } from '../contracts/questions/longest-ordered.ts'
import { gapMatchersOf, scorerOf } from '../contracts/questions/scoring.ts'
import { QuestionType } from '../contracts/questions/type-codes.ts'
import { packedClassScores, type PackedClassScores } from './class-scores-packed.ts'

/**
 * Scores a class batch's slots (contracts/questions/class-batch.ts) into packed scores
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

/**
 * Each student's shares earned on one question, written into `earned` (the packed scores' bytes for
 * that question). The slots of the question's first column start at `at`; its next column, if it
 * has more, `earned.length` further on.
 */
type Column = (slots: Uint16Array, at: number, earned: Uint8Array) => void

/** Set bits of a 32-bit number. */
const bitCount = (value: number): number => {
  let x = value - ((value >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/**
 * 1 when two numbers of 16 bits are the same, else 0. Written without a branch: whether an answer is
 * right is as good as random down a class, and a guess the processor gets wrong costs more than the
 * sum.
 */
const same = (a: number, b: number): number => ((a ^ b) - 1) >>> 31

/** Single choice: the slot names an option; `rightAt[value]` is 1 for a right one (0, none, and past the options: 0). */
const singleChoice =
  (rightAt: Uint8Array): Column =>
  (slots, at, earned) => {
    const limit = rightAt.length
    for (let student = 0; student < earned.length; student++) {
      const value = slots[at + student]!
      earned[student] = value < limit ? rightAt[value]! : 0
    }
  }

/** True/false: 1 false, 2 true. */
const trueFalse =
  (rightValue: number): Column =>
  (slots, at, earned) => {
    for (let student = 0; student < earned.length; student++) earned[student] = same(slots[at + student]!, rightValue)
  }

/** Multiple choice: right picks less wrong picks, never below zero (picks past the options count for nothing). */
const multipleChoice =
  (rightMask: number, wrongMask: number): Column =>
  (slots, at, earned) => {
    const high = at + earned.length
    for (let student = 0; student < earned.length; student++) {
      const picked = slots[at + student]! | (slots[high + student]! << 16)
      const net = bitCount(picked & rightMask) - bitCount(picked & wrongMask)
      // net, or 0 when it is negative (its sign bit spread over the word masks it out).
      earned[student] = net & ~(net >> 31)
    }
  }

/** Complete: per gap, `verdicts[gap]` says for each of its texts (by number, 0 = none) whether it is right. */
const complete =
  (verdicts: ReadonlyArray<Uint8Array>): Column =>
  (slots, at, earned) => {
    earned.fill(0)
    verdicts.forEach((verdict, gap) => {
      const limit = verdict.length
      const column = at + gap * earned.length
      for (let student = 0; student < earned.length; student++) {
        const value = slots[column + student]!
        if (value < limit) earned[student]! += verdict[value]!
      }
    })
  }

/** Connect: per pair, the value its right side is written as. */
const connect =
  (rightValues: Int32Array): Column =>
  (slots, at, earned) => {
    earned.fill(0)
    for (let pair = 0; pair < rightValues.length; pair++) {
      const right = rightValues[pair]!
      const column = at + pair * earned.length
      for (let student = 0; student < earned.length; student++) earned[student]! += same(slots[column + student]!, right)
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
  const sharesOf = (slots: Uint16Array, first: number, students: number): number => {
    if (++round === 2 ** 30) {
      placedAt.fill(0)
      round = 1
    }
    let length = 0
    for (let index = 0, slot = first; index < width; index++, slot += students) {
      const value = slots[slot]!
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
  let keys = new Int32Array(0)
  return (slots, at, earned) => {
    const students = earned.length
    if (known === null) {
      for (let student = 0; student < students; student++) earned[student] = sharesOf(slots, at + student, students)
      return
    }
    // Each order's key, built a slot (a column) at a time, last slot first, so each pass reads in order.
    if (keys.length !== students) keys = new Int32Array(students)
    keys.fill(0)
    for (let index = width - 1; index >= 0; index--) {
      const column = at + index * students
      for (let student = 0; student < students; student++) keys[student] = keys[student]! * base + Math.min(slots[column + student]!, base - 1)
    }
    for (let student = 0; student < students; student++) {
      const key = keys[student]!
      let shares = known[key]!
      if (shares < 0) known[key] = shares = sharesOf(slots, at + student, students)
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

/**
 * Adds up one question's shares earned: the class's counts and average into the packed scores, and
 * each student's cents into `sums`. Branch-free, as `same` says why.
 */
const settle = (packed: PackedClassScores, q: number, earned: Uint8Array, centsFor: Int32Array, outOf: number, sums: Int32Array) => {
  let sum = 0
  let correct = 0
  let incorrect = 0
  for (let student = 0; student < earned.length; student++) {
    const shares = earned[student]!
    const cents = centsFor[shares]!
    sums[student]! += cents
    sum += cents
    correct += same(shares, outOf)
    incorrect += same(shares, 0)
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
    const earned = packed.earned.subarray(q * students, (q + 1) * students)
    column(batch.slots, batch.offsets[q]! * students, earned)
    settle(packed, q, earned, scorer.centsFor, scorer.outOf, sums)
  })
  for (let student = 0; student < students; student++) {
    packed.totals[student * 3] = sums[student]!
    packed.totals[student * 3 + 1] = max
    packed.totals[student * 3 + 2] = manualMax
  }
  return packed.buffer
}
