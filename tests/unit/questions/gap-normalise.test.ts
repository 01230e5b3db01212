import { describe, expect, it } from 'vitest'
import { defaultGapMatching, exactGapMatching, type GapMatching, matchesGap, normaliseGapText } from '../../../contracts/questions/normalise.ts'

const only = (step: keyof GapMatching): GapMatching => ({ ...exactGapMatching, [step]: true })

describe('gap answer normalisation: each switch on its own', () => {
  it('spaces: trims, collapses runs of spaces, tabs and non-breaking spaces, drops direction marks', () => {
    expect(normaliseGapText('  the\u00A0 \tNile\u200F ', only('spaces'))).toBe('the Nile')
    expect(normaliseGapText(' a ', exactGapMatching)).toBe(' a ')
  })

  it('letter case: upper and lower case alike', () => {
    expect(normaliseGapText('CaIRo', only('letterCase'))).toBe('cairo')
  })

  it('tashkeel: fatha … sukun (U+064B–U+0652), superscript alef (U+0670) and tatweel (U+0640) removed', () => {
    expect(normaliseGapText('مَدْرَسَةٌ', only('tashkeel'))).toBe('مدرسة')
    expect(normaliseGapText('هٰذا', only('tashkeel'))).toBe('هذا')
    expect(normaliseGapText('كـــتاب', only('tashkeel'))).toBe('كتاب')
    for (let code = 0x064b; code <= 0x0652; code += 1) expect(normaliseGapText(`ب${String.fromCharCode(code)}`, only('tashkeel')), code.toString(16)).toBe('ب')
    expect(normaliseGapText('مَدرسة', exactGapMatching)).toBe('مَدرسة')
  })

  it('alef: أ إ آ ٱ read as ا', () => {
    expect(normaliseGapText('أحمد إسلام آمن ٱلله', only('alef'))).toBe('احمد اسلام امن الله')
  })

  it('text is compared in NFC, so alef + combining madda is آ (and with alef on, ا)', () => {
    expect(normaliseGapText('\u0627\u0653من', exactGapMatching)).toBe('آمن')
    expect(normaliseGapText('\u0627\u0653من', only('alef'))).toBe('امن')
  })

  it('final yaa: a word-final ى reads as ي, also before punctuation and with a mark on it', () => {
    expect(normaliseGapText('على مستشفى.', only('finalYaa'))).toBe('علي مستشفي.')
    expect(normaliseGapText('علىً', only('finalYaa'))).toBe('عليً')
  })

  it('taa marbuta (off by default): a word-final ة reads as ه only when switched on', () => {
    expect(defaultGapMatching.taaMarbuta).toBe(false)
    expect(normaliseGapText('مدرسة', only('taaMarbuta'))).toBe('مدرسه')
    expect(normaliseGapText('مدرسة', defaultGapMatching)).toBe('مدرسة')
  })

  it('digits: Arabic-Indic (٠–٩) and Eastern Arabic-Indic / Persian (۰–۹) read as Latin', () => {
    expect(normaliseGapText('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹', only('digits'))).toBe('0123456789 0123456789')
  })
})

describe('gap answer matching', () => {
  it('the defaults forgive spaces, case, tashkeel, tatweel, alef forms, final ى and digit scripts', () => {
    expect(matchesGap('  إلى   المدرسةِ ', ['الي المدرسة'], defaultGapMatching)).toBe(true)
    expect(matchesGap('THE NILE', ['the Nile'], defaultGapMatching)).toBe(true)
    expect(matchesGap('١٢٥', ['125'], defaultGapMatching)).toBe(true)
    expect(matchesGap('مدرسه', ['مدرسة'], defaultGapMatching)).toBe(false)
  })

  it('any accepted alternative matches', () => {
    expect(matchesGap('colour', ['color', 'colour'], defaultGapMatching)).toBe(true)
    expect(matchesGap('culler', ['color', 'colour'], defaultGapMatching)).toBe(false)
  })

  it('an empty answer never matches, even an accepted answer that normalises to nothing', () => {
    expect(matchesGap('', [''], defaultGapMatching)).toBe(false)
    expect(matchesGap('ـ', ['َ'], defaultGapMatching)).toBe(false)
  })
})
