import { IntlMessageFormat } from 'intl-messageformat'
import type { Locale } from './errors.ts'
import type { Issue } from './validation.ts'
import validationMessages from './validation-messages.json' with { type: 'json' }

/**
 * The rules' messages in both languages (JSON so the client build can precompile them,
 * src/i18n/precompile-messages.ts), and an issue worded in the caller's language. Apart from the
 * rules (validation.ts) because every feature adds messages here: the server formats with it
 * directly, the client loads it when a form first shows a message (src/forms/issue-messages.ts).
 */
export { validationMessages }

const formatters = new Map<string, IntlMessageFormat>()

export const formatIssue = (issue: Issue, locale: Locale): string => {
  const id = `${locale}:${issue.key}`
  let formatter = formatters.get(id)
  if (formatter === undefined) {
    formatter = new IntlMessageFormat(validationMessages[issue.key][locale], locale)
    formatters.set(id, formatter)
  }
  return String(formatter.format(issue.values ?? {}))
}
