/**
 * The class room page's tabs, in the spec's order (supplementary document §2: classroom, class story,
 * messages, special notes, timetable, homework, attendance, exams). Each value is what the address
 * carries in `?at=`; the spec spells only the first (`at=classRoom`), the rest follow its camelCase.
 */
export const classRoomTabs = ['classRoom', 'classStory', 'messages', 'specialNotes', 'timetable', 'homework', 'attendance', 'exams'] as const

export type ClassRoomTab = (typeof classRoomTabs)[number]

export const defaultClassRoomTab: ClassRoomTab = 'classRoom'

export const isClassRoomTab = (value: unknown): value is ClassRoomTab => typeof value === 'string' && (classRoomTabs as ReadonlyArray<string>).includes(value)

/** The tab a query string names; a missing or unknown `at=` (an old or mistyped bookmark) opens the classroom tab. */
export const tabOfSearch = (search: string): ClassRoomTab => {
  const at = new URLSearchParams(search).get('at')
  return isClassRoomTab(at) ? at : defaultClassRoomTab
}

/** The same query string with `at=` set to `tab`; every other parameter (the room's `id=`) is kept. */
export const searchWithTab = (search: string, tab: ClassRoomTab): string => {
  const params = new URLSearchParams(search)
  params.set('at', tab)
  return `?${params.toString()}`
}
