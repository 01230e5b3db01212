import type { Locale } from '../../contracts/errors.ts'

/**
 * A number as it is being typed, in the language's digits: an Arabic page shows "١٫٥" whether the
 * keyboard gave "1.5" or "١٫٥", an English one "1.5". Only digits and the decimal mark change (the
 * rest is left for the field's rule to judge); parseDegree reads both.
 */
export const typedInLocaleDigits = (text: string, locale: Locale): string =>
  locale === 'ar'
    ? text.replace(/[0-9]/g, (digit) => String.fromCodePoint(0x0660 + Number(digit))).replace(/(?<=[\u0660-\u0669])\./g, '\u066B')
    : text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.codePointAt(0)! - 0x0660)).replace(/\u066B/g, '.')
