/**
 * Sizes of a question. The spec gives none for questions; these follow its nearest ones
 * (homework text up to 1000 characters, titles up to 60, at most 20 files) and keep a question
 * on one screen. Shared by the schemas (the server refuses more with 105) and the builder rules.
 */
export const questionLimits = {
  /** The question's header (its text): like the homework text, at most 1000 characters. */
  headerMaxLength: 1000,
  /** An option, re-arrange item, connect side or accepted gap answer. */
  itemMaxLength: 200,
  /** Options of a choice question; at most 20 of them, of items to re-arrange or of connect pairs. */
  minItems: 2,
  maxItems: 20,
  /**
   * Items to re-arrange and connect pairs: with two, the order shown tells the answer (either it or
   * its reverse), so three at least. A question stored before this rule keeps its two (builder-rules.ts).
   */
  minArrangedItems: 3,
  /** Gaps of a complete question, and accepted answers per gap. */
  maxGaps: 50,
  maxAlternatives: 10,
  /** A complete question's text between gaps. */
  segmentMaxLength: 1000,
  /** A student's written answers. */
  paragraphMaxLength: 5000,
  smallParagraphMaxLength: 500,
  /** Files a student attaches to one file-upload question (the spec's 20 files elsewhere). */
  maxFiles: 20,
} as const

/**
 * A question's degree: a positive number in halves (the spec's number helper "uses halves" and
 * stops at 999.9), so 0.5, 1, 1.5 … 999.5.
 */
export const degreeRule = { min: 0.5, max: 999.5, step: 0.5 } as const

export const isValidDegree = (value: number): boolean =>
  Number.isFinite(value) && value >= degreeRule.min && value <= degreeRule.max && Number.isInteger(value / degreeRule.step)
