import { describe, expect, it } from 'vitest'
import { audienceForSubject } from '../../../plugins/courses/components/audience-field.tsx'
import { checkCourseFields, courseRules, schoolToday } from '../../../plugins/courses/contract/courses.ts'

const fields = { subjectId: '3', classRoomIds: '12', title: 'Fractions', releaseDate: '2026-12-01', description: 'Read it.' }

describe("a course's release day is the school's (Africa/Cairo), not UTC's nor the reader's", () => {
  it('in winter (UTC+2) the school day starts at 22:00 UTC the evening before', () => {
    expect(schoolToday(Date.parse('2026-11-30T21:59:59Z'))).toBe('2026-11-30')
    expect(schoolToday(Date.parse('2026-11-30T22:00:00Z'))).toBe('2026-12-01')
  })
  it('in summer (UTC+3, daylight saving) at 21:00 UTC', () => {
    expect(schoolToday(Date.parse('2026-07-14T20:59:59Z'))).toBe('2026-07-14')
    expect(schoolToday(Date.parse('2026-07-14T21:00:00Z'))).toBe('2026-07-15')
  })
})

describe("the form's audience rule, the server's (1 to 50 class rooms)", () => {
  it('refuses none and more than 50, takes 1 and 50', () => {
    expect(checkCourseFields({ ...fields, classRoomIds: '' })).toEqual([{ field: 'classRoomIds', key: 'classRoomsRequired' }])
    expect(checkCourseFields(fields)).toEqual([])
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',')
    expect(checkCourseFields({ ...fields, classRoomIds: ids(courseRules.classRoomsMax) })).toEqual([])
    expect(checkCourseFields({ ...fields, classRoomIds: ids(courseRules.classRoomsMax + 1) })).toEqual([
      { field: 'classRoomIds', key: 'itemsAtMost', values: { max: 50 } },
    ])
  })
  it('names the empty fields in the order the form shows them, so a refused save focuses the first', () => {
    const empty = { subjectId: '', classRoomIds: '', title: '', releaseDate: '', description: '' }
    expect(checkCourseFields(empty).map((issue) => issue.field)).toEqual(['subjectId', 'releaseDate', 'classRoomIds', 'title', 'description'])
  })
})

describe('choosing another subject keeps the chosen class rooms that have it', () => {
  const room = (id: number) => ({ id, name: 'Grade 4', division: String(id) })
  it('drops rooms without the new subject, keeps the others', () => {
    expect(audienceForSubject('1,2,3', [room(1), room(3), room(4)])).toBe('1,3')
  })
  it("chooses a subject's only room when nothing chosen is left, and nothing among several", () => {
    expect(audienceForSubject('2', [room(7)])).toBe('7')
    expect(audienceForSubject('', [room(7), room(8)])).toBe('')
  })
})
