import { Result, Schema } from 'effect'
import type { Locale } from '../../../contracts/errors.ts'
import { issuesOfSchemaIssue } from '../../../contracts/schema-issues.ts'
import { latinDigits, type Issue } from '../../../contracts/validation.ts'
import { typedInLocaleDigits } from '../../../src/i18n/typed-digits.ts'
import { SchoolExamSettings } from '../contract/exam-settings-api.ts'

/**
 * The exam settings form's rules, the server's own: the typed grace is decoded with the schema the
 * endpoint decodes (SchoolExamSettings), so the page says the catalogue's words before sending.
 */

/** Typed seconds to a number: Arabic-Indic digits read as Latin ones; empty, signed, decimal or not a number is NaN. */
export const parseSeconds = (text: string): number => {
  const cleaned = latinDigits(text).trim()
  return /^\d{1,9}$/u.test(cleaned) ? Number(cleaned) : Number.NaN
}

/** The issues of the typed grace (field `offlineGraceSeconds`). */
export const checkGrace = (text: string): ReadonlyArray<Issue> => {
  const decoded = Schema.decodeUnknownResult(SchoolExamSettings)({ offlineGraceSeconds: parseSeconds(text) })
  return Result.isFailure(decoded) ? issuesOfSchemaIssue(decoded.failure.issue, 'offlineGraceSeconds') : []
}

/** A stored grace as the field shows it, in the language's digits. */
export const graceText = (seconds: number, locale: Locale): string => typedInLocaleDigits(String(seconds), locale)
