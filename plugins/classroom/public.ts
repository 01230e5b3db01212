import type { ComponentType } from 'react'
import type { Subject } from '../../contracts/entities.ts'
import type { MessageId } from '../../src/i18n/message-ids.ts'
import { defineExtensionPoint } from '../../src/plugin-host/extension-point.ts'

/**
 * The classroom feature's public part: what other features may import of it (the boundary check,
 * .dependency-cruiser.js, refuses anything else). Kept to declarations: it loads with every manifest.
 */

export { classRoomLink, classRoomName, classRoomRoute, classRoomSlug } from './routes.ts'
/** The teacher's class rooms, links into them, their labels and their students: what home and homework read of them. */
export { classRoomsRead, classRoomStudentsKey, classRoomSubjectsRead, fetchClassRoomStudents, loadClassRooms, openClassRoom } from './class-room-reads.ts'
export { useClassRoomLabel } from './class-room-label.ts'

/** What a contributed class-room tab panel receives: the class room it is shown for. */
export interface ClassRoomPanelProps {
  readonly classRoomId: number
  /** The class room's name as the page shows it (name and division). */
  readonly name: string
  readonly subjects: ReadonlyArray<Subject>
}

/**
 * A tab of the class room page another feature fills (homework's). The panel loads when the tab is
 * first opened; a teacher holding none of `roles` does not see the tab at all.
 */
export interface ClassRoomTabContribution {
  /** The tab's `?at=` value, in the spec's camelCase. One of the class room's placeholders ('exams') is replaced by its feature's tab. */
  readonly tab: string
  /** Its place among the tabs: the class room's own go by tens in the spec's order (plugins/classroom/tabs/class-room-tabs.ts). */
  readonly order: number
  /** The tab's label, from the contributing feature's catalogue. */
  readonly label: MessageId
  readonly roles?: ReadonlyArray<string>
  readonly panel: () => Promise<{ readonly default: ComponentType<ClassRoomPanelProps> }>
}

/** Extension point: the class room page's tabs. A tab is contributed once (two plugins filling one tab fail the app's start). */
export const classRoomTabs = defineExtensionPoint<ClassRoomTabContribution>('classroom.tabs', (contribution) => contribution.tab)

/** What a contributed section of a subject's panel receives: the class room and the subject it is shown for. */
export interface ClassRoomSubjectSectionProps {
  readonly classRoomId: number
  /** The class room's name as the page shows it (name and division). */
  readonly name: string
  readonly subject: Subject
}

/**
 * A section of a subject's panel on the class room's overview another feature fills (homework's:
 * the subject's homework by chapter), shown above the subject's chapters. Loaded with the panel; a
 * teacher holding none of `roles` does not see it.
 */
export interface ClassRoomSubjectSection {
  /** Unique among the sections. */
  readonly id: string
  /** Its place among the sections, lowest first. */
  readonly order: number
  readonly roles?: ReadonlyArray<string>
  readonly section: () => Promise<{ readonly default: ComponentType<ClassRoomSubjectSectionProps> }>
}

/** Extension point: the sections of a subject's panel in the class room's overview. */
export const classRoomSubjectSections = defineExtensionPoint<ClassRoomSubjectSection>('classroom.subjectSections', (contribution) => contribution.id)
