import type { ClassBatch } from '../contracts/questions/class-batch.ts'
import { gapMatchersOf, scorerOf } from '../contracts/questions/scoring.ts'
import { QuestionType } from '../contracts/questions/type-codes.ts'
import { packedClassScores, type PackedClassScores, type PackedResult } from './class-scores-packed.ts'

/**
 * Scores a class batch (contracts/questions/class-batch.ts) into packed scores
 * (class-scores-packed.ts): what the scoring worker does. The same rules as the scoring module
 * (contracts/questions/scoring.ts), whose scorers give each question's shares and cents, and whose
 * gap matchers judge each distinct text once; `prescoreClass` (class-scoring.ts) reads the answers
 * as objects, and the two are tested to agree answer by answer.
 *
 * Why it looks like this: the batch names each question's different answers once, so each is
 * judged once here (`Judge`, one per type) into a table of shares; then one small loop per question,
 * the same for every type, reads each student's answer number down the class, looks her shares up
 * and adds up the counts and totals. Nothing is allocated per answer.
 */

/** The shares an answer earns, read from its `width` values at `values[at]` onwards. */
type Judge = (values: Uint16Array, at: number) => number

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

/** Single choice: the value names an option; `rightAt[value]` is 1 for a right one (0, none, and past the options: 0). */
const singleChoice =
  (rightAt: Uint8Array): Judge =>
  (values, at) => {
    const value = values[at]!
    return value < rightAt.length ? rightAt[value]! : 0
  }

/** True/false: 1 false, 2 true. */
const trueFalse =
  (rightValue: number): Judge =>
  (values, at) =>
    values[at] === rightValue ? 1 : 0

/** Multiple choice: right picks less wrong picks, never below zero (picks past the options count for nothing). */
const multipleChoice =
  (rightMask: number, wrongMask: number): Judge =>
  (values, at) => {
    const picked = values[at]! | (values[at + 1]! << 16)
    return Math.max(0, bitCount(picked & rightMask) - bitCount(picked & wrongMask))
  }

/** Complete: per gap, `verdicts[gap]` says for each of its texts (by number, 0 = none) whether it is right. */
const complete =
  (verdicts: ReadonlyArray<Uint8Array>): Judge =>
  (values, at) => {
    let earned = 0
    verdicts.forEach((verdict, gap) => {
      const value = values[at + gap]!
      if (value < verdict.length) earned += verdict[value]!
    })
    return earned
  }

/** Connect: per pair, the value its right side is written as. */
const connect =
  (rightValues: Int32Array): Judge =>
  (values, at) => {
    let earned = 0
    rightValues.forEach((right, pair) => (earned += same(values[at + pair]!, right)))
    return earned
  }

/**
 * Re-arrange: one share for each slot holding the item whose place it is (the value of the item in
 * slot k is k + 1; unknown keys and the order's end never match); slots past the items count nothing.
 */
const rearrange =
  (items: number, width: number): Judge =>
  (values, at) => {
    let earned = 0
    const slots = Math.min(items, width)
    for (let slot = 0; slot < slots; slot++) earned += same(values[at + slot]!, slot + 1)
    return earned
  }

/** A question's judge, or null for one marked by hand. */
const judgeOf = (batch: ClassBatch, q: number): Judge | null => {
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

/** The shares each of a question's answers earns, by its number: 0 the blank answer, then the dictionary's. */
const sharesTable = (batch: ClassBatch, q: number, judge: Judge): Uint8Array => {
  const width = batch.widths[q]!
  const distinct = batch.distinct[q]!
  // One entry more, last: any number past the dictionary, which earns nothing.
  const table = new Uint8Array(distinct + 2)
  table[0] = judge(new Uint16Array(width), 0)
  for (let number = 1; number <= distinct; number++) table[number] = judge(batch.dictionary, batch.dictionaryAt[q]! + (number - 1) * width)
  return table
}

/**
 * One auto-scored question made ready for the class: its answer numbers' column, and by number
 * (the last entry standing for any number the dictionary does not have, which earns nothing) the
 * shares and cents earned; as the class is read, how many students gave each number.
 */
interface Scored {
  readonly q: number
  readonly column: Uint16Array
  readonly shares: Uint8Array
  readonly cents: Int32Array
  readonly given: Int32Array
}

const scoredOf = (q: number, column: Uint16Array, shares: Uint8Array, centsFor: Int32Array): Scored => {
  const cents = new Int32Array(shares.length)
  shares.forEach((earned, number) => (cents[number] = centsFor[earned]!))
  return { q, column, shares, cents, given: new Int32Array(shares.length) }
}

/** Questions scored together down the class, so each student's score is read and written once per group. */
const groupSize = 4

/**
 * Four questions down the class: each student's answer number in each read, her cents for the four
 * added to her score, and each number's count taken (the class's counts and averages follow from
 * those, once per number, not per student; her shares per question are looked up when shown).
 */
const scoreGroup = (group: ReadonlyArray<Scored>, scores: Int32Array) => {
  const [a, b, c, d] = group as [Scored, Scored, Scored, Scored]
  const [columnA, columnB, columnC, columnD] = [a.column, b.column, c.column, d.column]
  const [lastA, lastB, lastC, lastD] = [a.shares.length - 1, b.shares.length - 1, c.shares.length - 1, d.shares.length - 1]
  const [centsA, centsB, centsC, centsD] = [a.cents, b.cents, c.cents, d.cents]
  const [givenA, givenB, givenC, givenD] = [a.given, b.given, c.given, d.given]
  for (let student = 0; student < scores.length; student++) {
    let numberA = columnA[student]!
    let numberB = columnB[student]!
    let numberC = columnC[student]!
    let numberD = columnD[student]!
    numberA = numberA < lastA ? numberA : lastA
    numberB = numberB < lastB ? numberB : lastB
    numberC = numberC < lastC ? numberC : lastC
    numberD = numberD < lastD ? numberD : lastD
    givenA[numberA]!++
    givenB[numberB]!++
    givenC[numberC]!++
    givenD[numberD]!++
    scores[student]! += centsA[numberA]! + centsB[numberB]! + centsC[numberC]! + centsD[numberD]!
  }
}

/** A question's counts and average, in the packed scores, from how many students gave each number. */
const settle = (packed: PackedClassScores, scored: Scored, outOf: number) => {
  let sum = 0
  let correct = 0
  let incorrect = 0
  scored.given.forEach((students, number) => {
    const shares = scored.shares[number]!
    sum += students * scored.cents[number]!
    if (shares === outOf) correct += students
    else if (shares === 0) incorrect += students
  })
  const q = scored.q
  packed.counts[q * 4] = correct
  packed.counts[q * 4 + 1] = incorrect
  packed.counts[q * 4 + 2] = packed.students - correct - incorrect
  // In hundredths, rounded as prescoreClass rounds.
  packed.averages[q] = packed.students === 0 ? 0 : Math.round(sum / packed.students)
}

/** Scores a whole class batch: the packed scores' buffer and the batch's own, for the worker to transfer. */
export const prescoreClassPacked = (batch: ClassBatch): PackedResult => {
  const students = batch.studentIds.length
  const scorers = batch.questions.map(scorerOf)
  const scored: Scored[] = []
  batch.questions.forEach((_, q) => {
    const judge = scorers[q]!.manual ? null : judgeOf(batch, q)
    if (judge === null) return
    const at = batch.columnOf[q]!
    // A question of width 0 (no gap, no pair, an order nobody gave) has no column: everyone gave the blank answer.
    const column = at < 0 ? new Uint16Array(students) : batch.answers.subarray(at * students, (at + 1) * students)
    scored.push(scoredOf(q, column, sharesTable(batch, q, judge), scorers[q]!.centsFor))
  })
  const auto = new Set(scored.map((each) => each.q))
  const centsOf = (marked: (q: number) => boolean) => scorers.reduce((sum, scorer, q) => (marked(q) ? sum + scorer.maxCents : sum), 0)
  const sizes = {
    students,
    questions: scorers.length,
    cents: scorers.reduce((sum, scorer) => sum + scorer.centsFor.length, 0),
    shares: scored.reduce((sum, each) => sum + each.shares.length, 0),
    columns: batch.widths.filter((width) => width > 0).length,
    answersAt: batch.answers.byteOffset,
  }
  const packed = packedClassScores(
    sizes,
    batch.answers.buffer,
    centsOf(() => true),
    centsOf((q) => !auto.has(q)),
  )
  packed.columnOf.set(batch.columnOf)
  let centsAt = 0
  scorers.forEach((scorer, q) => {
    packed.centsAt[q] = centsAt
    packed.cents.set(scorer.centsFor, centsAt)
    centsAt += scorer.centsFor.length
    // Marked by hand: 0 and "manual" for everyone until the teacher marks it (outOf 0 says so).
    if (!auto.has(q)) packed.counts[q * 4 + 3] = students
  })
  let sharesAt = 0
  for (const each of scored) {
    packed.outOf[each.q] = scorers[each.q]!.outOf
    packed.sharesAt[each.q] = sharesAt
    packed.lastNumber[each.q] = each.shares.length - 1
    packed.shares.set(each.shares, sharesAt)
    sharesAt += each.shares.length
  }
  // The last group is filled up with questions nobody answered and worth nothing, kept nowhere.
  const filler = () => scoredOf(-1, new Uint16Array(students), Uint8Array.of(0, 0), Int32Array.of(0))
  for (let first = 0; first < scored.length; first += groupSize) {
    const group = scored.slice(first, first + groupSize)
    while (group.length < groupSize) group.push(filler())
    scoreGroup(group, packed.scores)
  }
  scored.forEach((each) => settle(packed, each, scorers[each.q]!.outOf))
  return { scores: packed.buffer, answers: batch.answers.buffer }
}
