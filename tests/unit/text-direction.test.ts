import { describe, expect, it } from 'vitest'
import { textDirection } from '../../contracts/bidi.ts'

describe('the direction user text reads in (src/ui/user-text.tsx sets it as dir)', () => {
  it("is the first letter's: Arabic right to left, Latin left to right, whatever comes after", () => {
    expect(textDirection('رسمتي.jpg')).toBe('rtl')
    expect(textDirection('واجب الكسور 12')).toBe('rtl')
    expect(textDirection('12 واجب')).toBe('rtl') // digits are not letters
    expect(textDirection('Good work. أحسنت')).toBe('ltr')
    expect(textDirection('“مدرسة” = “مدرسه”')).toBe('rtl')
  })

  it('text with no letter at all reads left to right, in either language', () => {
    for (const neutral of ['8 ÷ 2 = 4', '٨ ÷ ٢ = ٤', '١٢٫٥', '', '—']) expect(textDirection(neutral)).toBe('ltr')
  })
})
