import commonPasswords from './common-passwords.json' with { type: 'json' }
import type { CommonPasswordCheck } from './validation.ts'

/**
 * The most common breached passwords that the 8–20 / upper / lower / digit rule would let through
 * (common-passwords.json: lower case, one a line; see the README for its source and how to extend
 * it). Compared case-insensitively: "Password1" is "password1" with the first letter capitalised.
 * Imported by the server and, lazily, by the forms that set a password; never by the sign-in page.
 */
const common: ReadonlySet<string> = new Set(commonPasswords)

export const isCommonPassword: CommonPasswordCheck = (password) => common.has(password.toLowerCase())

/** How many entries the list holds (tests and the README's claim). */
export const commonPasswordCount = common.size
