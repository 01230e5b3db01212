import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { chapterNameMaxLength } from '../../plugins/classroom/contract/chapters-api.ts'
import { CourseInput } from '../../plugins/courses/contract/courses-api.ts'
import { checkNoBidiControls } from '../../contracts/bidi.ts'
import { checkCourseFields } from '../../plugins/courses/contract/courses.ts'
import { RequiredName } from '../../contracts/fields.ts'
import { HomeworkTitle } from '../../plugins/homework/contract/homework.ts'
import { issuesOfSchemaIssue } from '../../contracts/schema-issues.ts'
import { checkNamePart, checkProfile } from '../../contracts/validation.ts'
import { formatIssue } from '../../contracts/validation-format.ts'
import { checkChapterOrTopicName } from '../../plugins/classroom/components/chapters/name-rules.ts'
import { families } from '../../plugins/classroom/server/demo-names.ts'

const accepted = (name: string) => checkNamePart('lastName', name).length === 0
const keysOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema)(input)
  return Result.isFailure(result) ? issuesOfSchemaIssue(result.failure.issue, 'payload').map((issue) => issue.key) : []
}

describe('person name parts: 2–20 letters of any script, inner spaces, hyphens and apostrophes (DESIGN.md)', () => {
  it('accepts hyphens, apostrophes and inner spaces in both scripts', () => {
    for (const name of ['Al-Qahtani', 'عبد الله', "O'Neil", 'O’Neil', 'Jean Paul', 'Abdel Rahman', 'القحطاني', 'Zoë', 'عَلِيّ'])
      expect([name, accepted(name)]).toEqual([name, true])
  })
  it('accepts every family name of the demo school, in English and Arabic', () => {
    for (const [english, arabic] of families) expect([english, arabic, accepted(english), accepted(arabic)]).toEqual([english, arabic, true, true])
  })
  it('takes 2 and 20 letters, refuses 1 and 21', () => {
    expect(accepted('Al')).toBe(true)
    expect(accepted('عل')).toBe(true)
    expect(accepted('A')).toBe(false)
    expect(accepted('a'.repeat(20))).toBe(true)
    expect(accepted('ب'.repeat(20))).toBe(true)
    expect(accepted('a'.repeat(21))).toBe(false)
    expect(accepted('ب'.repeat(21))).toBe(false)
  })
  it('refuses a leading or trailing hyphen, apostrophe or space', () => {
    for (const name of ['-Qahtani', 'Qahtani-', "'Neil", "Neil'", ' Amira', 'Amira '])
      expect([name, checkNamePart('lastName', name)]).toEqual([name, [{ field: 'lastName', key: 'nameRule' }]])
  })
  it('refuses two separators in a row: a double space, a double hyphen, a hyphen beside a space', () => {
    for (const name of ['Al  Qahtani', 'عبد  الله', 'Al--Qahtani', 'Al- Qahtani', "O''Neil"]) expect([name, accepted(name)]).toEqual([name, false])
  })
  it('refuses digits (Latin and Arabic-Indic), other symbols and bidirectional or zero-width controls', () => {
    for (const name of ['Am1ra', 'أميرة٣', 'Al_Qahtani', 'Al.Qahtani', 'Amira!', 'Al\u202eQahtani', 'Ali\u2066', 'عبد\u200cالله', 'Al\tQahtani'])
      expect([name, accepted(name)]).toEqual([name, false])
  })
  it('the refusal says what is allowed, in both languages', () => {
    const [issue] = checkProfile({ firstName: 'Amira', lastName: 'Al--Qahtani', email: 'a@b.co', phone: null, preferredLanguage: 'en' })
    expect(formatIssue(issue!, 'en')).toBe(
      'Use 2 to 20 characters: letters, with single spaces, hyphens or apostrophes between them; no digits or other symbols.',
    )
    expect(formatIssue(issue!, 'ar')).toContain('من ٢ إلى ٢٠ حرفًا')
  })
})

describe('titles and names refuse bidirectional controls (U+202A–U+202E, U+2066–U+2069)', () => {
  const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']
  it('the homework title, chapter and topic names, and the course title, each with every control', () => {
    for (const control of controls) {
      expect(keysOf(HomeworkTitle, `Fractions ${control}fdp`)).toEqual(['bidiControls'])
      expect(keysOf(RequiredName(chapterNameMaxLength), `Fractions${control}`)).toEqual(['bidiControls'])
      expect(keysOf(CourseInput.fields.title, `Course ${control}one`)).toEqual(['bidiControls'])
      expect(checkChapterOrTopicName(`Fractions${control}`)).toEqual([{ field: 'name', key: 'bidiControls' }])
      expect(checkCourseFields({ subjectId: '1', classRoomIds: '1', title: `Course ${control}one`, releaseDate: '2026-09-01', description: 'About' })).toEqual([
        { field: 'title', key: 'bidiControls' },
      ])
    }
  })
  it('the characters beside the ranges pass, and mixed Arabic and Latin text needs none of the controls', () => {
    for (const neighbour of ['\u2029', '\u202F', '\u2065', '\u206A']) expect(checkNoBidiControls('title', `a${neighbour}b`)).toEqual([])
    expect(keysOf(HomeworkTitle, 'الكسور Fractions 3')).toEqual([])
    expect(keysOf(RequiredName(chapterNameMaxLength), 'الوحدة 1: Fractions')).toEqual([])
  })
  it('the message exists in both languages', () => {
    const [issue] = checkNoBidiControls('title', 'a\u202eb')
    expect(formatIssue(issue!, 'en')).toMatch(/text-direction/)
    expect(formatIssue(issue!, 'ar')).toMatch(/اتجاه النص/)
  })
})
