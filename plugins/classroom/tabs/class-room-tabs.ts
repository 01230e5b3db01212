import { holdsAnyRole } from '../../../contracts/roles.ts'
import type { MessageId } from '../../../src/i18n/message-ids.ts'
import type { Contributed } from '../../../src/plugin-host/extension-point.ts'
import type { ClassRoomTabContribution } from '../public.ts'

/**
 * The class room page's tabs, in the spec's order (supplementary document §2: classroom, class story,
 * messages, special notes, timetable, homework, attendance, exams). Each id is what the address
 * carries in `?at=`; the spec spells only the first (`at=classRoom`), the rest follow its camelCase.
 *
 * The class room owns its overview and the placeholders of the features still to come; the others
 * fill theirs through its extension point (`classRoomTabs`, plugins/classroom/public.ts): homework
 * at 60. A feature contributing a placeholder's id (exams, one day) replaces the placeholder.
 */
export const comingTabs = ['classStory', 'messages', 'specialNotes', 'timetable', 'attendance', 'exams'] as const
export type ComingClassRoomTab = (typeof comingTabs)[number]

export const defaultClassRoomTab = 'classRoom'

/** The class room's own tabs and their places (by tens, so a contribution fits between two). */
const ownTabs: ReadonlyArray<{ readonly tab: string; readonly order: number; readonly label: MessageId }> = [
  { tab: 'classRoom', order: 10, label: 'classroom.tabs.classRoom' },
  { tab: 'classStory', order: 20, label: 'classroom.tabs.classStory' },
  { tab: 'messages', order: 30, label: 'classroom.tabs.messages' },
  { tab: 'specialNotes', order: 40, label: 'classroom.tabs.specialNotes' },
  { tab: 'timetable', order: 50, label: 'classroom.tabs.timetable' },
  { tab: 'attendance', order: 70, label: 'classroom.tabs.attendance' },
  { tab: 'exams', order: 80, label: 'classroom.tabs.exams' },
]

/** One tab as the page shows it: its own overview, a placeholder, or a feature's panel. */
export type ArrangedTab =
  | { readonly kind: 'overview'; readonly tab: string; readonly label: MessageId }
  | { readonly kind: 'coming'; readonly tab: ComingClassRoomTab; readonly label: MessageId }
  | { readonly kind: 'contributed'; readonly tab: string; readonly label: MessageId; readonly contribution: Contributed<ClassRoomTabContribution> }

const isComing = (tab: string): tab is ComingClassRoomTab => (comingTabs as ReadonlyArray<string>).includes(tab)

/**
 * The tabs a teacher with `roles` sees, in order: the class room's own, each placeholder replaced by
 * the feature that fills it, and a contributed tab left out when she holds none of its roles
 * (homework without Assignments). `workingFirst` (a phone, where only two or three tabs fit): the
 * working tabs first, then the placeholders, each in the spec's order, so the ones she uses are
 * never hidden behind "coming soon" ones at the scrolled-off end.
 */
export const arrangeTabs = (
  contributed: ReadonlyArray<Contributed<ClassRoomTabContribution>>,
  roles: ReadonlyArray<string>,
  { workingFirst = false }: { readonly workingFirst?: boolean } = {},
): ReadonlyArray<ArrangedTab> => {
  const filled = new Set(contributed.map((contribution) => contribution.tab))
  const own = ownTabs
    .filter(({ tab }) => !filled.has(tab))
    .map(({ tab, order, label }) => ({ order, arranged: isComing(tab) ? { kind: 'coming' as const, tab, label } : { kind: 'overview' as const, tab, label } }))
  const theirs = contributed
    .filter((contribution) => contribution.roles === undefined || holdsAnyRole(roles, contribution.roles))
    .map((contribution) => ({
      order: contribution.order,
      arranged: { kind: 'contributed' as const, tab: contribution.tab, label: contribution.label, contribution },
    }))
  const rank = (arranged: ArrangedTab) => (workingFirst && arranged.kind === 'coming' ? 1 : 0)
  return [...own, ...theirs].sort((a, b) => rank(a.arranged) - rank(b.arranged) || a.order - b.order).map(({ arranged }) => arranged)
}

/** The tab a query string names among `tabs`; a missing or unknown `at=` (an old or mistyped bookmark) opens the classroom tab. */
export const tabOfSearch = (search: string, tabs: ReadonlyArray<string>): string => {
  const at = new URLSearchParams(search).get('at')
  return at !== null && tabs.includes(at) ? at : defaultClassRoomTab
}

/** The same query string with `at=` set to `tab`; every other parameter (the room's `id=`) is kept. */
export const searchWithTab = (search: string, tab: string): string => {
  const params = new URLSearchParams(search)
  params.set('at', tab)
  return `?${params.toString()}`
}
