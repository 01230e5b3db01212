import { gapsOf } from './complete.ts'
import { longestIncreasingRun } from './longest-ordered.ts'
import { matchesGap } from './normalise.ts'
import type { Answer, AnswerOf, Question, QuestionOf } from './question.ts'
import { manuallyGradedTypes, QuestionType } from './type-codes.ts'

/**
 * One scoring code for every auto-gradable question type, run by the server (the grade it stores)
 * and by the correction screen's worker (workers/scoring.worker.ts). The rules, in words a teacher
 * reads, are in README.md "How homework is scored". Every share is kept as an exact fraction of the
 * degree and rounded once, half up to two decimals, when the question's score is made.
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

/** A share of the degree: `earned / outOf` (0 ≤ earned ≤ outOf, outOf > 0). */
interface Share {
  readonly earned: number
  readonly outOf: number
  readonly parts?: ReadonlyArray<ScorePart>
}

const cents = (value: number) => Math.round(value * 100)

/** degree × earned / outOf in cents, rounded half up, in whole numbers (no binary-fraction drift). */
const shareInCents = (degree: number, earned: number, outOf: number): number => Math.floor((2 * cents(degree) * earned + outOf) / (2 * outOf))

const scoreOf = (degree: number, share: Share): QuestionScore => {
  const earned = Math.max(0, Math.min(share.earned, share.outOf))
  const outcome: Outcome = earned === share.outOf ? 'correct' : earned === 0 ? 'incorrect' : 'partial'
  const score = shareInCents(degree, earned, share.outOf) / 100
  return share.parts === undefined ? { score, max: cents(degree) / 100, outcome } : { score, max: cents(degree) / 100, outcome, parts: share.parts }
}

const all = (right: boolean): Share => ({ earned: right ? 1 : 0, outOf: 1 })

/** A record's own entry: a key such as `constructor` must not find Object.prototype's. */
const own = <V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined

/** Distinct keys, in the order given, of those the question knows. */
const known = (keys: ReadonlyArray<string>, question: ReadonlySet<string>): string[] => [...new Set(keys)].filter((key) => question.has(key))

/**
 * Multiple choice: each right pick earns degree ÷ (number of right options); each wrong pick takes
 * the same amount away, so one wrong pick cancels one right pick; never below zero.
 */
const multipleChoice = (question: QuestionOf<1>, answer: AnswerOf<1> | undefined): Share => {
  const right = new Set(question.options.filter((option) => option.correct).map((option) => option.id))
  const picked = known(answer?.selected ?? [], new Set(question.options.map((option) => option.id)))
  const parts = picked.map((id) => ({ id, correct: right.has(id) }))
  const rightPicks = parts.filter((part) => part.correct).length
  return { earned: Math.max(0, rightPicks - (parts.length - rightPicks)), outOf: Math.max(1, right.size), parts }
}

/** Single choice: the right option, all or nothing. */
const singleChoice = (question: QuestionOf<2>, answer: AnswerOf<2> | undefined): Share =>
  all(question.options.some((option) => option.correct && option.id === answer?.selected))

/** Complete: degree ÷ gaps for each gap whose text matches an accepted answer. */
const complete = (question: QuestionOf<7>, answer: AnswerOf<7> | undefined): Share => {
  const gaps = gapsOf(question)
  const parts = gaps.map((gap) => ({ id: gap.id, correct: matchesGap(own(answer?.gaps, gap.id) ?? '', gap.answers, question.matching) }))
  return { earned: parts.filter((part) => part.correct).length, outOf: Math.max(1, gaps.length), parts }
}

/** Connect: degree ÷ pairs for each left side matched with its own right side. */
const connect = (question: QuestionOf<8>, answer: AnswerOf<8> | undefined): Share => {
  const parts = question.pairs.map((pair) => ({ id: pair.left.id, correct: own(answer?.matches, pair.left.id) === pair.right.id }))
  return { earned: parts.filter((part) => part.correct).length, outOf: Math.max(1, question.pairs.length), parts }
}

/**
 * Re-arrange: the longest run of items the student placed in the right order relative to each other
 * (not necessarily side by side) of length L out of n items earns degree × (L − 1) ÷ (n − 1): all in
 * order earns everything, the order fully reversed (L = 1) nothing. Items in that run are the right parts.
 */
const rearrange = (question: QuestionOf<6>, answer: AnswerOf<6> | undefined): Share => {
  const position = new Map(question.items.map((item, index) => [item.id, index]))
  const placed = known(answer?.order ?? [], new Set(position.keys()))
  const run = new Set(longestIncreasingRun(placed.map((id) => position.get(id)!)).map((index) => placed[index]!))
  const parts = question.items.map((item) => ({ id: item.id, correct: run.has(item.id) }))
  const n = question.items.length
  if (n <= 1) return { earned: run.size === n ? 1 : 0, outOf: 1, parts }
  return { earned: Math.max(0, run.size - 1), outOf: n - 1, parts }
}

/** The answer when it is of the question's type; any other counts as no answer. */
const answerFor = <T extends Question['type']>(question: QuestionOf<T>, answer: Answer | null | undefined): AnswerOf<T> | undefined =>
  answer?.type === question.type ? (answer as AnswerOf<T>) : undefined

/** One question's score. Paragraphs, files and recordings are the teacher's: `manual`, 0 until graded. */
export const scoreAnswer = (question: Question, answer: Answer | null | undefined): QuestionScore => {
  if (manuallyGradedTypes.has(question.type)) return { score: 0, max: cents(question.degree) / 100, outcome: 'manual' }
  switch (question.type) {
    case QuestionType.multipleChoice:
      return scoreOf(question.degree, multipleChoice(question, answerFor(question, answer)))
    case QuestionType.singleChoice:
      return scoreOf(question.degree, singleChoice(question, answerFor(question, answer)))
    case QuestionType.trueFalse: {
      const given = answerFor(question, answer)?.value
      return scoreOf(question.degree, all(given === question.correct))
    }
    case QuestionType.complete:
      return scoreOf(question.degree, complete(question, answerFor(question, answer)))
    case QuestionType.connect:
      return scoreOf(question.degree, connect(question, answerFor(question, answer)))
    case QuestionType.rearrange:
      return scoreOf(question.degree, rearrange(question, answerFor(question, answer)))
    default:
      return { score: 0, max: cents(question.degree) / 100, outcome: 'manual' }
  }
}

export interface SubmissionScore {
  /** The sum of the questions' (rounded) scores: what the student sees is what adds up. */
  readonly score: number
  /** The sum of every question's degree. */
  readonly max: number
  /** The part of `max` the teacher still grades by hand. */
  readonly manualMax: number
  readonly questions: ReadonlyArray<QuestionScore & { readonly id: string }>
}

/** A whole submission: each question scored, then totalled in whole cents. */
export const scoreSubmission = (questions: ReadonlyArray<Question>, answers: Readonly<Record<string, Answer | undefined>>): SubmissionScore => {
  const scored = questions.map((question) => ({ id: question.id, ...scoreAnswer(question, own(answers, question.id)) }))
  const total = (pick: (entry: (typeof scored)[number]) => number) => scored.reduce((sum, entry) => sum + cents(pick(entry)), 0) / 100
  return {
    score: total((entry) => entry.score),
    max: total((entry) => entry.max),
    manualMax: total((entry) => (entry.outcome === 'manual' ? entry.max : 0)),
    questions: scored,
  }
}
