import type { Locale, Message } from '../../contracts/errors.ts'
import type { Issue } from '../../contracts/validation.ts'
import type { RuleMessages } from '../../contracts/validation-format.ts'

type Format = (issue: Issue, locale: Locale) => string

let format: Format | null = null
let loading: Promise<void> | null = null
/** The core's rule messages once loaded, and every signed-in feature's (its plugin's `ruleMessages`). */
const messages: Record<string, Message> = {}

/**
 * Loads the core rules' messages (contracts/validation-format.ts) once. Forms start it when they
 * mount and wait for it before the first submit shows messages, so the sign-in page paints without
 * them and no form ever shows a rule's issue without its words.
 */
export const loadIssueMessages = (): Promise<void> =>
  (loading ??= import('../../contracts/validation-format.ts').then((module) => {
    Object.assign(messages, module.validationMessages)
    format = module.issueFormatter(messages)
  }))

/**
 * A feature's own rule messages, added when its locale bundles load on a signed-in page
 * (src/plugin-host/registry.ts), before any of its pages shows a form.
 */
export const addFeatureRuleMessages = (own: RuleMessages): void => {
  for (const [key, message] of Object.entries(own)) {
    if (messages[key] !== undefined && messages[key] !== message) throw new Error(`rule message ${key} is declared twice`)
    messages[key] = message
  }
}

/** The issue in the user's language, or null while the messages are still loading. */
export const formatLoadedIssue = (issue: Issue, locale: Locale): string | null => format?.(issue, locale) ?? null

/**
 * The issue in the user's language once the messages have loaded: a core rule's, or a signed-in
 * feature's own (what a file check or an upload's refusal may name).
 */
export const wordIssue = async (issue: Issue, locale: Locale): Promise<string> => {
  await loadIssueMessages()
  return format!(issue, locale)
}
