import type { Locale } from '../../contracts/errors.ts'
import type { Issue } from '../../contracts/validation.ts'
import type { ApiProblem } from '../api/problem.ts'
import { formatLoadedIssue } from './issue-messages.ts'

export type FieldErrors = Readonly<Record<string, string>>

/**
 * The first issue of each field, in the user's language (inline messages under the fields). Forms
 * load the messages before their first submit (use-form.ts), so none is missing once shown.
 */
export const issuesToFields = (issues: ReadonlyArray<Issue>, locale: Locale): FieldErrors => {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.field in fields) continue
    const message = formatLoadedIssue(issue, locale)
    if (message !== null) fields[issue.field] = message
  }
  return fields
}

/** A 105 answer's validation list becomes inline field messages; anything else is a form-level message. */
export const splitProblem = (problem: ApiProblem): { fields: FieldErrors; message: string | null } =>
  problem.code === 105 && Object.keys(problem.fields).length > 0 ? { fields: problem.fields, message: null } : { fields: {}, message: problem.message }
