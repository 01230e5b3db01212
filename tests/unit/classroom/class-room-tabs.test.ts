import { describe, expect, it } from 'vitest'
import { classRoomTabs, type ClassRoomTabContribution } from '../../../plugins/classroom/public.ts'
import { arrangeTabs, searchWithTab, tabOfSearch } from '../../../plugins/classroom/tabs/class-room-tabs.ts'
import { homeCards } from '../../../plugins/home/public.ts'
import { definePlugin } from '../../../src/plugin-host/define-plugin.ts'
import { contribute } from '../../../src/plugin-host/extension-point.ts'
import { buildRegistry } from '../../../src/plugin-host/registry.ts'
import { plugins } from '../../../src/plugins.ts'

const messages = { en: async () => ({ default: {} }), ar: async () => ({ default: {} }) }
const panel = async () => ({ default: () => null })
const tab = (id: string, order: number, roles?: ReadonlyArray<string>): ClassRoomTabContribution => ({
  tab: id,
  order,
  label: 'shell.common.close',
  panel,
  ...(roles ? { roles } : {}),
})
const ids = (tabs: ReturnType<typeof arrangeTabs>) => tabs.map((entry) => entry.tab)
const appTabs = buildRegistry(plugins, messages).contributions(classRoomTabs)
const all = ['classRoom', 'classStory', 'messages', 'specialNotes', 'timetable', 'homework', 'attendance', 'exams']

describe("the class room's tabs (its extension point)", () => {
  it("shows the supplementary document's eight tabs in its order, homework's and exams' contributed by their features", () => {
    expect(ids(arrangeTabs(appTabs, ['Home', 'Assignments', 'Exams']))).toEqual(all)
    expect(appTabs.map((entry) => [entry.pluginId, entry.tab])).toEqual([
      ['homework', 'homework'],
      ['exams', 'exams'],
    ])
    expect(arrangeTabs(appTabs, ['Assignments']).find((entry) => entry.tab === 'homework')?.kind).toBe('contributed')
    expect(arrangeTabs(appTabs, ['Exams']).find((entry) => entry.tab === 'exams')?.kind).toBe('contributed')
  })

  it('on a phone puts the working tabs first and the coming ones after, each in the spec order', () => {
    expect(ids(arrangeTabs(appTabs, ['Home', 'Assignments', 'Exams'], { workingFirst: true }))).toEqual([
      'classRoom',
      'homework',
      'exams',
      'classStory',
      'messages',
      'specialNotes',
      'timetable',
      'attendance',
    ])
  })

  it('leaves a contributed tab out for a teacher holding none of its roles (homework without Assignments, exams without Exams)', () => {
    expect(ids(arrangeTabs(appTabs, ['Home']))).toEqual(all.filter((id) => id !== 'homework' && id !== 'exams'))
    expect(ids(arrangeTabs(appTabs, ['Home', 'Exams']))).toEqual(all.filter((id) => id !== 'homework'))
  })

  it("takes a new feature's tab in its place, and a feature filling a placeholder replaces it", () => {
    const arranged = arrangeTabs(
      [
        { ...tab('grades', 65), pluginId: 'grades' },
        { ...tab('exams', 80), pluginId: 'exams' },
      ],
      [],
    )
    expect(ids(arranged)).toEqual(['classRoom', 'classStory', 'messages', 'specialNotes', 'timetable', 'grades', 'attendance', 'exams'])
    expect(arranged.map((entry) => entry.kind)).toEqual(['overview', 'coming', 'coming', 'coming', 'coming', 'contributed', 'coming', 'contributed'])
  })

  it('collects the tabs plugins contribute, and refuses two plugins filling one tab', () => {
    const registry = buildRegistry(
      [
        definePlugin({ id: 'a', routes: [], messages, extensions: [contribute(classRoomTabs, tab('grades', 65))] }),
        definePlugin({ id: 'b', routes: [], messages }),
      ],
      messages,
    )
    expect(registry.contributions(classRoomTabs).map((entry) => [entry.pluginId, entry.tab])).toEqual([['a', 'grades']])
    expect(registry.contributions(homeCards)).toEqual([])
    expect(() =>
      buildRegistry(
        [
          definePlugin({ id: 'a', routes: [], messages, extensions: [contribute(classRoomTabs, tab('exams', 80))] }),
          definePlugin({ id: 'b', routes: [], messages, extensions: [contribute(classRoomTabs, tab('exams', 80))] }),
        ],
        messages,
      ),
    ).toThrow(/classroom.tabs exams is contributed by a and b/)
  })
})

describe('the class room tab in the address (?at=)', () => {
  it('reads the tab an address names', () => {
    expect(tabOfSearch('?at=homework&id=12', all)).toBe('homework')
    expect(tabOfSearch('?id=12&at=specialNotes', all)).toBe('specialNotes')
  })

  it('opens the classroom tab for a missing, unknown, withheld or differently spelt at=', () => {
    expect(tabOfSearch('', all)).toBe('classRoom')
    expect(tabOfSearch('?id=12', all)).toBe('classRoom')
    expect(tabOfSearch('?at=grades', all)).toBe('classRoom')
    expect(tabOfSearch('?at=Homework', all)).toBe('classRoom')
    expect(tabOfSearch('?at=constructor', all)).toBe('classRoom')
    expect(tabOfSearch('?at=homework', ['classRoom', 'exams'])).toBe('classRoom')
  })

  it("sets at= and keeps the room's id and any other parameter", () => {
    expect(searchWithTab('?at=classRoom&id=12', 'exams')).toBe('?at=exams&id=12')
    expect(searchWithTab('?id=12', 'timetable')).toBe('?id=12&at=timetable')
    expect(searchWithTab('', 'homework')).toBe('?at=homework')
  })
})
