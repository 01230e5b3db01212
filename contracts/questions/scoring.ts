import { gapsOf } from './complete.ts'
import { normaliseGapText } from './normalise.ts'
import type { Answer, AnswerOf, Question, QuestionOf } from './question.ts'
import { manuallyGradedTypes, QuestionType } from './type-codes.ts'

/**
 * One scoring code for every auto-gradable question type, run by the server (the grade it stores)
 * and by the correction screen's worker (workers/scoring.worker.ts). The rules, in words a teacher
 * reads, are in docs/architecture.md "How homework is scored". Every share is kept as an exact fraction of the
 * degree and rounded once, half up to two decimals, when the question's score is made.
 *
 * A question is first made into a `QuestionScorer` (`scorerOf`): what is right (the right options,
 * the gaps' accepted answers normalised, the items' places) is worked out once, so a class of
 * students is scored without working it out again per answer.
 */
export type Outcome = 'correct' | 'incorrect' | 'partial' | 'manual'

/** One gap, pair, pick or item and whether the student got it right (for the review screen). */
export interface ScorePart {
  readonly id: string
  readonly correct: boolean
}

export interface QuestionScore {
  readonly score: number
  readonly max: number
  readonly outcome: Outcome
  readonly parts?: ReadonlyArray<ScorePart>
}

/** One question, ready to score any number of answers: each earns `earned(answer)` of `outOf` shares of the degree. */
export interface QuestionScorer {
  readonly id: string
  readonly manual: boolean
  /** The degree in hundredths. */
  readonly maxCents: number
  readonly outOf: number
  /** Shares earned, 0 to `outOf` (always 0 for a question marked by hand). */
  readonly earned: (answer: Answer | null | undefined) => number
  /** The score in hundredths for each number of shares earned (index 0 to `outOf`), rounded once, half up. */
  readonly centsFor: Int32Array
  readonly parts: (answer: Answer | null | undefined) => ReadonlyArray<ScorePart> | undefined
}

const cents = (value: number) => Math.round(value * 100)

/** degree × earned / outOf in cents, rounded half up, in whole numbers (no binary-fraction drift). */
const shareInCents = (degreeCents: number, earned: number, outOf: number): number => Math.floor((2 * degreeCents * earned + outOf) / (2 * outOf))

/** A record's own entry: a key such as `constructor` must not find Object.prototype's. */
const own = <V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined

/**
 * Reads one known key of records: a plain property read, or, for a key Object.prototype also has
 * (`constructor`, `toString`…), only the record's own entry. Decided once per key, not per read.
 */
const reader = (key: string) =>
  key in Object.prototype
    ? <V>(record: Readonly<Record<string, V>> | undefined) => own(record, key)
    : <V>(record: Readonly<Record<string, V>> | undefined) => record?.[key]

/** The answer when it is of the question's type; any other counts as no answer. */
const answerFor = <T extends Question['type']>(question: { readonly type: T }, answer: Answer | null | undefined): AnswerOf<T> | undefined =>
  answer?.type === question.type ? (answer as AnswerOf<T>) : undefined

/** Whether `keys[index]` appeared before it (so each key counts once, in the order given). */
const seenBefore = (keys: ReadonlyArray<string>, index: number) => keys.indexOf(keys[index]!) < index

/** Distinct keys, in the order given, of those the question knows. */
const known = (keys: ReadonlyArray<string>, question: { has: (key: string) => boolean }): string[] =>
  keys.filter((key, index) => question.has(key) && !seenBefore(keys, index))

interface Rule {
  readonly outOf: number
  readonly earned: (answer: Answer | null | undefined) => number
  readonly parts?: (answer: Answer | null | undefined) => ReadonlyArray<ScorePart>
}

const allOrNothing = (right: (answer: Answer | null | undefined) => boolean): Rule => ({ outOf: 1, earned: (answer) => (right(answer) ? 1 : 0) })

/**
 * Multiple choice: each right pick earns degree ÷ (number of right options); each wrong pick takes
 * the same amount away, so one wrong pick cancels one right pick; never below zero.
 */
const multipleChoice = (question: QuestionOf<1>): Rule => {
  const rightOf = new Map(question.options.map((option) => [option.id, false]))
  for (const option of question.options) if (option.correct) rightOf.set(option.id, true)
  const rightCount = new Set(question.options.filter((option) => option.correct).map((option) => option.id)).size
  return {
    outOf: Math.max(1, rightCount),
    earned: (answer) => {
      const selected = answerFor(question, answer)?.selected
      if (selected === undefined) return 0
      let net = 0
      for (let index = 0; index < selected.length; index++) {
        const right = rightOf.get(selected[index]!)
        if (right === undefined || seenBefore(selected, index)) continue
        net += right ? 1 : -1
      }
      return Math.max(0, net)
    },
    parts: (answer) => known(answerFor(question, answer)?.selected ?? [], rightOf).map((id) => ({ id, correct: rightOf.get(id)! })),
  }
}

/** Single choice: the right option, all or nothing. */
const singleChoice = (question: QuestionOf<2>): Rule => {
  const right = new Set(question.options.filter((option) => option.correct).map((option) => option.id))
  return allOrNothing((answer) => {
    const selected = answerFor(question, answer)?.selected
    return typeof selected === 'string' && right.has(selected)
  })
}

/** The longest a memo of one gap's written answers grows: a class writes the same few texts again and again. */
const memoLimit = 10_000

/**
 * Each gap of a complete question, in order, with whether a text the student wrote in it matches
 * one of its accepted answers (both normalised; a text empty once normalised never matches, so a
 * blank gap is not right because an accepted answer was only marks). Each text is judged once.
 */
export const gapMatchersOf = (question: QuestionOf<7>): ReadonlyArray<{ readonly id: string; readonly matches: (text: string) => boolean }> =>
  gapsOf(question).map((gap) => {
    const accepted = new Set(gap.answers.map((text) => normaliseGapText(text, question.matching)))
    const memo = new Map<string, boolean>()
    const matches = (text: string) => {
      let right = memo.get(text)
      if (right === undefined) {
        const given = normaliseGapText(text, question.matching)
        right = given !== '' && accepted.has(given)
        if (memo.size < memoLimit) memo.set(text, right)
      }
      return right
    }
    return { id: gap.id, matches }
  })

/** Complete: degree ÷ gaps for each gap whose text matches an accepted answer (normalised once, here). */
const complete = (question: QuestionOf<7>): Rule => {
  const gaps = gapMatchersOf(question).map((gap) => ({ ...gap, read: reader(gap.id) }))
  const rightIn = (answer: AnswerOf<7> | undefined) => gaps.map((gap) => gap.matches(gap.read(answer?.gaps) ?? ''))
  return {
    outOf: Math.max(1, gaps.length),
    earned: (answer) => {
      const given = answerFor(question, answer)?.gaps
      let right = 0
      for (let index = 0; index < gaps.length; index++) {
        const gap = gaps[index]!
        if (gap.matches(gap.read(given) ?? '')) right++
      }
      return right
    },
    parts: (answer) => {
      const right = rightIn(answerFor(question, answer))
      return gaps.map((gap, index) => ({ id: gap.id, correct: right[index]! }))
    },
  }
}

/** Connect: degree ÷ pairs for each left side matched with its own right side. */
const connect = (question: QuestionOf<8>): Rule => {
  const pairs = question.pairs.map((pair) => ({ left: pair.left.id, right: pair.right.id, read: reader(pair.left.id) }))
  const matched = (answer: AnswerOf<8> | undefined, index: number) => pairs[index]!.read(answer?.matches) === pairs[index]!.right
  return {
    outOf: Math.max(1, pairs.length),
    earned: (answer) => {
      const given = answerFor(question, answer)
      if (given === undefined) return 0
      let right = 0
      for (let index = 0; index < pairs.length; index++) if (matched(given, index)) right++
      return right
    },
    parts: (answer) => pairs.map((pair, index) => ({ id: pair.left, correct: matched(answerFor(question, answer), index) })),
  }
}

/**
 * Re-arrange: degree ÷ n for each of the n items the student put in its own place (the slot it has
 * in the teacher's list), as Moodle's "absolute position": the ✓ or ✗ shown beside an item is what
 * a teacher and student see, in its right place or not. A slot holds one key, so each item counts once.
 */
const rearrange = (question: QuestionOf<6>): Rule => {
  const position = new Map(question.items.map((item, index) => [item.id, index]))
  // The key in her slot is the item whose place that is (a key the question lacks has none).
  const inPlace = (order: ReadonlyArray<string>, slot: number) => slot < order.length && position.get(order[slot]!) === slot
  return {
    outOf: Math.max(1, question.items.length),
    earned: (answer) => {
      const order = answerFor(question, answer)?.order ?? []
      let right = 0
      for (let slot = 0; slot < order.length; slot++) if (inPlace(order, slot)) right++
      return right
    },
    parts: (answer) => {
      const order = answerFor(question, answer)?.order ?? []
      return question.items.map((item, slot) => ({ id: item.id, correct: inPlace(order, slot) }))
    },
  }
}

const manualRule: Rule = { outOf: 1, earned: () => 0 }

const ruleOf = (question: Question): Rule => {
  if (manuallyGradedTypes.has(question.type)) return manualRule
  switch (question.type) {
    case QuestionType.multipleChoice:
      return multipleChoice(question)
    case QuestionType.singleChoice:
      return singleChoice(question)
    case QuestionType.trueFalse:
      return allOrNothing((answer) => answerFor(question, answer)?.value === question.correct)
    case QuestionType.complete:
      return complete(question)
    case QuestionType.connect:
      return connect(question)
    case QuestionType.rearrange:
      return rearrange(question)
    default:
      return manualRule
  }
}

/** Works out once what is right in `question`, for scoring many answers to it. */
export const scorerOf = (question: Question): QuestionScorer => {
  const rule = ruleOf(question)
  const maxCents = cents(question.degree)
  const centsFor = new Int32Array(rule.outOf + 1)
  for (let earned = 0; earned <= rule.outOf; earned++) centsFor[earned] = shareInCents(maxCents, earned, rule.outOf)
  return {
    id: question.id,
    manual: rule === manualRule,
    maxCents,
    outOf: rule.outOf,
    // Every rule earns at most its `outOf` (a distinct right pick, gap, pair or item each), so nothing is clamped per answer.
    earned: rule.earned,
    centsFor,
    parts: (answer) => rule.parts?.(answer),
  }
}

/** The outcome of `earned` shares of `outOf`, or `manual` for a question marked by hand: the one rule, for an answer and for a class's packed scores. */
export const outcomeOfShares = (earned: number, outOf: number, manual: boolean): Outcome =>
  manual ? 'manual' : earned === outOf ? 'correct' : earned === 0 ? 'incorrect' : 'partial'

/** The outcome of `earned` shares with a question's scorer. */
export const outcomeOf = (scorer: QuestionScorer, earned: number): Outcome => outcomeOfShares(earned, scorer.outOf, scorer.manual)

/** One answer's score with a question's scorer. Paragraphs, files and recordings are the teacher's: `manual`, 0 until graded. */
export const scoreWith = (scorer: QuestionScorer, answer: Answer | null | undefined): QuestionScore => {
  const max = scorer.maxCents / 100
  if (scorer.manual) return { score: 0, max, outcome: 'manual' }
  const earned = scorer.earned(answer)
  const result = { score: scorer.centsFor[earned]! / 100, max, outcome: outcomeOf(scorer, earned) }
  const parts = scorer.parts(answer)
  return parts === undefined ? result : { ...result, parts }
}

/** One question's score. Paragraphs, files and recordings are the teacher's: `manual`, 0 until graded. */
export const scoreAnswer = (question: Question, answer: Answer | null | undefined): QuestionScore => scoreWith(scorerOf(question), answer)

export interface SubmissionScore {
  /** The sum of the questions' (rounded) scores: what the student sees is what adds up. */
  readonly score: number
  /** The sum of every question's degree. */
  readonly max: number
  /** The part of `max` the teacher still grades by hand. */
  readonly manualMax: number
  readonly questions: ReadonlyArray<QuestionScore & { readonly id: string }>
}

/** A whole submission with the questions' scorers: each question scored, then totalled in whole cents. */
export const scoreSubmissionWith = (scorers: ReadonlyArray<QuestionScorer>, answers: Readonly<Record<string, Answer | undefined>>): SubmissionScore => {
  const scored = scorers.map((scorer) => ({ id: scorer.id, ...scoreWith(scorer, own(answers, scorer.id)) }))
  const total = (pick: (entry: (typeof scored)[number]) => number) => scored.reduce((sum, entry) => sum + cents(pick(entry)), 0) / 100
  return {
    score: total((entry) => entry.score),
    max: total((entry) => entry.max),
    manualMax: total((entry) => (entry.outcome === 'manual' ? entry.max : 0)),
    questions: scored,
  }
}

/** A whole submission: each question scored, then totalled in whole cents. */
export const scoreSubmission = (questions: ReadonlyArray<Question>, answers: Readonly<Record<string, Answer | undefined>>): SubmissionScore =>
  scoreSubmissionWith(questions.map(scorerOf), answers)

/** A record's own entry by key (an answer by question key, a gap's text): a key such as `constructor` finds nothing of Object.prototype's. */
export const ownEntry = own
