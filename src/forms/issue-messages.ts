import type { Locale } from '../../contracts/errors.ts'
import type { Issue } from '../../contracts/validation.ts'

type Format = (issue: Issue, locale: Locale) => string

let format: Format | null = null
let loading: Promise<void> | null = null

/**
 * Loads the rules' messages (contracts/validation-format.ts, every feature's) once. Forms start it
 * when they mount and wait for it before the first submit shows messages, so the sign-in page
 * paints without them and no form ever shows a rule's issue without its words.
 */
export const loadIssueMessages = (): Promise<void> =>
  (loading ??= import('../../contracts/validation-format.ts').then((module) => {
    format = module.formatIssue
  }))

/** The issue in the user's language, or null while the messages are still loading. */
export const formatLoadedIssue = (issue: Issue, locale: Locale): string | null => format?.(issue, locale) ?? null
