import { describe, expect, it } from 'vitest'
import { Schema } from 'effect'
import { chapterNameMaxLength } from '../../../plugins/classroom/contract/chapters-api.ts'
import { RequiredName } from '../../../contracts/fields.ts'
import { currentSemester } from '../../../plugins/classroom/components/chapters/chapters-api.ts'
import { checkChapterOrTopicName } from '../../../plugins/classroom/components/chapters/name-rules.ts'

const semesters = [
  { id: 1, name: 'First semester', startsOn: '2026-09-01', endsOn: '2027-01-31' },
  { id: 2, name: 'Second semester', startsOn: '2027-02-01', endsOn: '2027-06-30' },
]

describe('the chapter and topic name rule of the screens', () => {
  it('refuses an empty name and one of spaces only', () => {
    expect(checkChapterOrTopicName('')).toEqual([{ field: 'name', key: 'required' }])
    expect(checkChapterOrTopicName('  \u00a0 ')).toEqual([{ field: 'name', key: 'required' }])
  })
  it('takes 100 characters once trimmed and refuses 101 (Arabic letters count one each)', () => {
    expect(checkChapterOrTopicName(` ${'و'.repeat(100)} `)).toEqual([])
    expect(checkChapterOrTopicName('و'.repeat(101))).toEqual([{ field: 'name', key: 'lengthAtMost', values: { max: 100 } }])
  })
  it('refuses a line break or other control character', () => {
    expect(checkChapterOrTopicName('Fractions\nDecimals')).toEqual([{ field: 'name', key: 'controlCharacters' }])
  })

  it('agrees with the contract the server checks, sample by sample', () => {
    const accepted = Schema.is(RequiredName(chapterNameMaxLength))
    for (const name of ['', '   ', 'Fractions', ' الكسور ', 'x'.repeat(100), 'x'.repeat(101), `  ${'x'.repeat(100)}  `, 'a\tb']) {
      expect([name, checkChapterOrTopicName(name).length === 0]).toEqual([name, accepted(name)])
    }
  })
})

describe('the semester the drop-down preselects', () => {
  it('is the one containing today, both ends included', () => {
    expect(currentSemester(semesters, '2027-01-31')?.id).toBe(1)
    expect(currentSemester(semesters, '2027-02-01')?.id).toBe(2)
    expect(currentSemester(semesters, '2027-06-30')?.id).toBe(2)
  })
  it('is the first one between or outside the semesters, and none when there are none', () => {
    expect(currentSemester(semesters, '2027-07-01')?.id).toBe(1)
    expect(currentSemester([], '2027-07-01')).toBeUndefined()
  })
})
