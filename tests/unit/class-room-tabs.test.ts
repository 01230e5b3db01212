import { describe, expect, it } from 'vitest'
import { classRoomTabs, searchWithTab, tabOfSearch } from '../../plugins/classroom/tabs/class-room-tabs.ts'

describe('the class room tab in the address (?at=)', () => {
  it("lists the supplementary document's eight tabs in its order, the spec's classRoom first", () => {
    expect(classRoomTabs).toEqual(['classRoom', 'classStory', 'messages', 'specialNotes', 'timetable', 'homework', 'attendance', 'exams'])
  })

  it('reads the tab an address names', () => {
    expect(tabOfSearch('?at=homework&id=12')).toBe('homework')
    expect(tabOfSearch('?id=12&at=specialNotes')).toBe('specialNotes')
  })

  it('opens the classroom tab for a missing, unknown or differently spelt at=', () => {
    expect(tabOfSearch('')).toBe('classRoom')
    expect(tabOfSearch('?id=12')).toBe('classRoom')
    expect(tabOfSearch('?at=grades')).toBe('classRoom')
    expect(tabOfSearch('?at=Homework')).toBe('classRoom')
    expect(tabOfSearch('?at=constructor')).toBe('classRoom')
  })

  it("sets at= and keeps the room's id and any other parameter", () => {
    expect(searchWithTab('?at=classRoom&id=12', 'exams')).toBe('?at=exams&id=12')
    expect(searchWithTab('?id=12', 'timetable')).toBe('?id=12&at=timetable')
    expect(searchWithTab('', 'homework')).toBe('?at=homework')
  })
})
