import { Schema } from 'effect'
import { latinDigits } from '../validation.ts'

/**
 * How a student's gap answer is compared with the accepted ones. Each step is a switch the teacher
 * sees on the complete question; both sides pass through the same steps before they are compared.
 */
export const GapMatching = Schema.Struct({
  /** Trim, and collapse runs of spaces (and invisible direction marks) into one space. */
  spaces: Schema.Boolean,
  /** Upper and lower case alike ("Cairo" = "cairo"). */
  letterCase: Schema.Boolean,
  /** Arabic diacritics (tashkeel, U+064B–U+0652, superscript alef U+0670) and tatweel (U+0640) ignored. */
  tashkeel: Schema.Boolean,
  /** أ إ آ ٱ read as ا. */
  alef: Schema.Boolean,
  /** A final ى (alef maqsura) reads as ي. */
  finalYaa: Schema.Boolean,
  /** A final ة (taa marbuta) reads as ه. Off by default: mixing them is a spelling mistake teachers mark. */
  taaMarbuta: Schema.Boolean,
  /** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits read as Latin ones. */
  digits: Schema.Boolean,
})
export type GapMatching = typeof GapMatching.Type

/** Every switch on but taa marbuta (see above). */
export const defaultGapMatching: GapMatching = {
  spaces: true,
  letterCase: true,
  tashkeel: true,
  alef: true,
  finalYaa: true,
  taaMarbuta: false,
  digits: true,
}

/** Every switch off: only the same text matches (after Unicode NFC, below). */
export const exactGapMatching: GapMatching = {
  spaces: false,
  letterCase: false,
  tashkeel: false,
  alef: false,
  finalYaa: false,
  taaMarbuta: false,
  digits: false,
}

const tashkeelAndTatweel = /[\u064B-\u0652\u0670\u0640]/gu
const alefForms = /[\u0623\u0625\u0622\u0671]/gu
// Ends of words: before a space, punctuation or the end of the text (marks on the letter allowed).
const finalAlefMaqsura = /\u0649(?=\p{M}*(?:$|[^\p{L}\p{M}]))/gu
const finalTaaMarbuta = /\u0629(?=\p{M}*(?:$|[^\p{L}\p{M}]))/gu
// Zero-width space/joiners, LRM/RLM, the Arabic letter mark, bidi isolates, BOM: typed by keyboards, never seen.
const invisibleMarks = /[\u200B-\u200F\u061C\u2066-\u2069\uFEFF]/gu

/**
 * The text as compared. Always in Unicode NFC first, so a letter typed as base + combining mark
 * (ا + U+0653) is the same text as its composed form (آ); then the switched-on steps, marks before
 * letters (a final ى carrying a mark is still final) and spaces last (removing marks cannot leave
 * two spaces).
 */
export const normaliseGapText = (text: string, matching: GapMatching): string => {
  let result = text.normalize('NFC')
  if (matching.tashkeel) result = result.replace(tashkeelAndTatweel, '')
  if (matching.alef) result = result.replace(alefForms, '\u0627')
  if (matching.finalYaa) result = result.replace(finalAlefMaqsura, '\u064A')
  if (matching.taaMarbuta) result = result.replace(finalTaaMarbuta, '\u0647')
  if (matching.digits) result = latinDigits(result)
  if (matching.letterCase) result = result.toLowerCase()
  if (matching.spaces) result = result.replace(invisibleMarks, '').replace(/\s+/gu, ' ').trim()
  return result
}

/**
 * Whether a student's text matches one of the gap's accepted answers. An answer that is empty once
 * normalised never matches (a blank gap is not right because an accepted answer was only marks).
 */
export const matchesGap = (text: string, accepted: ReadonlyArray<string>, matching: GapMatching): boolean => {
  const given = normaliseGapText(text, matching)
  return given !== '' && accepted.some((answer) => normaliseGapText(answer, matching) === given)
}
