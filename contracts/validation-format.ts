import { IntlMessageFormat } from 'intl-messageformat'
import { acceptLanguageOf, type Locale, type Message } from './errors.ts'
import { numericArguments, withLocaleDigits } from './message-numbers.ts'
import type { Issue } from './validation.ts'
import validationMessages from './validation-messages.json' with { type: 'json' }

/**
 * The core rules' messages in both languages (JSON so the client build can precompile them,
 * src/i18n/precompile-messages.ts), and an issue worded in the caller's language. A feature's own
 * rules keep their texts in its contract (plugins/<feature>/contract/validation-messages.json): the
 * server words with the API's composed set (contracts/feature-rule-messages.ts), the client adds a
 * feature's set once signed in (src/forms/issue-messages.ts).
 */
export { validationMessages }

/** Rule messages by key: the core's, or a feature's. */
export type RuleMessages = Readonly<Record<string, Message>>

// No grouping: a plain argument printed "1000" before, and still does (in the language's digits).
const numberFormats = {
  en: new Intl.NumberFormat(acceptLanguageOf('en'), { useGrouping: false }),
  ar: new Intl.NumberFormat(acceptLanguageOf('ar'), { useGrouping: false }),
}

/** Words issues with `messages`, read at call time (the client adds features' sets as they load). */
export const issueFormatter = (messages: RuleMessages) => {
  const formatters = new Map<string, IntlMessageFormat>()
  const numerics = new Map<string, Set<string>>()
  return (issue: Issue, locale: Locale): string => {
    const id = `${locale}:${issue.key}`
    let formatter = formatters.get(id)
    if (formatter === undefined) {
      const message = messages[issue.key]
      if (message === undefined) throw new Error(`rule message ${issue.key} has no text`)
      // The full tag ('ar-EG'): plain 'ar' formats numbers in Latin digits.
      formatter = new IntlMessageFormat(message[locale], acceptLanguageOf(locale))
      formatters.set(id, formatter)
      numerics.set(id, numericArguments(formatter.getAst()))
    }
    const digits = numberFormats[locale]
    return String(formatter.format(withLocaleDigits(issue.values ?? {}, numerics.get(id)!, (value) => digits.format(value))))
  }
}

/** An issue of the core's own rules (fields, passwords, files, questions), in `locale`. */
export const formatIssue = issueFormatter(validationMessages)

/** `messages` added to `into`; a key declared twice with another text is a composition error. */
export const addRuleMessages = (into: Record<string, Message>, messages: RuleMessages): void => {
  for (const [key, message] of Object.entries(messages)) {
    const known = into[key]
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(message)) throw new Error(`rule message ${key} is declared twice`)
    into[key] = message
  }
}
