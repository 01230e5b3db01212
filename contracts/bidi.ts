import { Schema } from 'effect'
import type { Issue } from './validation.ts'

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). Invisible,
 * they reorder what follows them: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf". Refused in file
 * names, titles and names; the rest of the text (Arabic and Latin mixed) needs none of them.
 */
export const bidiControls = /[\u202A-\u202E\u2066-\u2069]/u

export const hasBidiControls = (value: string): boolean => bidiControls.test(value)

/** The form's face of the rule: the same message the server answers (code 105). */
export const checkNoBidiControls = (field: string, value: string | null | undefined): Issue[] =>
  value === null || value === undefined || !hasBidiControls(value) ? [] : [{ field, key: 'bidiControls' }]

/** The schema filter the contract's fields add: `Text.check(noBidiControls)`. */
export const noBidiControls = Schema.makeFilter<string>((value) => !hasBidiControls(value), { validation: { key: 'bidiControls' } })

/** Letters of the right-to-left scripts (Arabic-Indic digits are not letters: they take the text around them). */
const rightToLeftLetter = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

/**
 * The direction a piece of user text reads in: its first letter's (the Unicode rule `dir="auto"`
 * follows). Text with no letter at all ("8 ÷ 2 = 4", "١٢٫٥") reads left to right, whatever the
 * screen's direction: `dir="auto"` would take the screen's and turn a sum around in Arabic.
 */
export const textDirection = (text: string): 'ltr' | 'rtl' => {
  const first = /\p{L}/u.exec(text)
  return first !== null && rightToLeftLetter.test(first[0]) ? 'rtl' : 'ltr'
}
