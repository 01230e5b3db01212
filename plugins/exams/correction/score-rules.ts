import { Result, Schema } from 'effect'
import { ExamScore, MarkComment } from '../contract/correction.ts'
import { issuesOfSchemaIssue } from '../../../contracts/schema-issues.ts'
import { latinDigits, type Issue } from '../../../contracts/validation.ts'

/**
 * A score as the corrector types it, checked on the device with the same schema the server decodes
 * (ExamScore: from 0, at most two decimals) and the same degree rule (examScoreAboveDegree), so the
 * page shows the catalogue's words before anything is sent.
 */

/** Typed text to a number: Arabic-Indic digits and the Arabic decimal separator read as the server's; empty or not a number is NaN. */
export const parseScore = (text: string): number => {
  const cleaned = latinDigits(text)
    .trim()
    .replace(/[,\u066B]/gu, '.')
  return /^\d+(\.\d+)?$/u.test(cleaned) ? Number(cleaned) : Number.NaN
}

const issuesOf = <A>(schema: Schema.Codec<A, A>, field: string, value: unknown): ReadonlyArray<Issue> => {
  const decoded = Schema.decodeUnknownResult(schema)(value)
  return Result.isFailure(decoded) ? issuesOfSchemaIssue(decoded.failure.issue, field).map((issue) => ({ ...issue, field })) : []
}

/** The issues of a score given on a question of `degree` (field `score`). */
export const checkScore = (score: number, degree: number): ReadonlyArray<Issue> => {
  const own = issuesOf(ExamScore, 'score', score)
  if (own.length > 0) return own
  return score > degree ? [{ field: 'score', key: 'examScoreAboveDegree', values: { max: degree } }] : []
}

/** The issues of a mark's comment (field `comment`). */
export const checkComment = (comment: string): ReadonlyArray<Issue> => issuesOf(MarkComment, 'comment', comment)
