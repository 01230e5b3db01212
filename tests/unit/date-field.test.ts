import { describe, expect, it } from 'vitest'
import { makeIntl } from '../../src/i18n/intl.tsx'
import { readableDate } from '../../src/ui/date-field.tsx'

describe('the read-out under a date input', () => {
  it("says the date in the page's language and numerals, whatever the browser's format", () => {
    expect(readableDate('2026-11-23', makeIntl('en', {}))).toBe('Monday, November 23, 2026')
    expect(readableDate('2026-11-23', makeIntl('ar', {}))).toBe('الاثنين، ٢٣ نوفمبر ٢٠٢٦')
  })
  it('keeps the day as typed at both ends of a year, in any time zone (read as a calendar date, not an instant)', () => {
    expect(readableDate('2026-01-01', makeIntl('en', {}))).toBe('Thursday, January 1, 2026')
    expect(readableDate('2026-12-31', makeIntl('en', {}))).toBe('Thursday, December 31, 2026')
  })
  it('says nothing for an empty, partial or impossible date', () => {
    for (const value of ['', '2026-11', '23/11/2026', '2026-02-30', '2026-13-01']) expect(readableDate(value, makeIntl('en', {}))).toBeNull()
  })
})
