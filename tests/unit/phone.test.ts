import { describe, expect, it } from 'vitest'
import { checkPhone, latinDigits, normalisePhone } from '../../contracts/validation.ts'

describe('phone numbers as people type them', () => {
  it('Arabic-Indic and Eastern Arabic-Indic digits become Latin digits', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
  })
  it('spaces, dashes, dots and brackets are dropped before the 8–11 digit rule', () => {
    expect(normalisePhone('010-1234 5678')).toBe('01012345678')
    expect(normalisePhone('(02) 2345.6789')).toBe('0223456789')
    expect(checkPhone('phone', '010-1234 5678')).toEqual([])
  })
  it("the school's country code (+20 / 0020) becomes the trunk prefix", () => {
    expect(normalisePhone('+20 10 1234 5678')).toBe('01012345678')
    expect(normalisePhone('0020 010 1234 5678')).toBe('01012345678')
    expect(checkPhone('phone', '+20 10 1234 5678')).toEqual([])
  })
  it('Arabic-Indic digits typed with spaces pass the rule; too few or letters still do not', () => {
    expect(checkPhone('phone', '٠١٠ ١٢٣٤ ٥٦٧٨')).toEqual([])
    expect(checkPhone('phone', '٠١٠ ١٢٣')).toHaveLength(1)
    expect(checkPhone('phone', '0101234567a')).toHaveLength(1)
    expect(checkPhone('phone', '+44 20 7946 0958 12')).toHaveLength(1)
  })
})
