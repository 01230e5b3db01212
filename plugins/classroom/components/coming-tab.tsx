import type { MessageId } from '../../../src/i18n/message-ids.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import type { ComingClassRoomTab } from '../tabs/class-room-tabs.ts'
import { comingTabIcons } from './tab-icons.tsx'

const copy: Readonly<Record<ComingClassRoomTab, { readonly title: MessageId; readonly text: MessageId }>> = {
  classStory: { title: 'classroom.coming.classStory.title', text: 'classroom.coming.classStory.text' },
  messages: { title: 'classroom.coming.messages.title', text: 'classroom.coming.messages.text' },
  specialNotes: { title: 'classroom.coming.specialNotes.title', text: 'classroom.coming.specialNotes.text' },
  timetable: { title: 'classroom.coming.timetable.title', text: 'classroom.coming.timetable.text' },
  attendance: { title: 'classroom.coming.attendance.title', text: 'classroom.coming.attendance.text' },
  exams: { title: 'classroom.coming.exams.title', text: 'classroom.coming.exams.text' },
}

/** A tab whose feature is still being built: an icon, what it will hold, in one friendly sentence. */
export function ComingTab({ tab }: { tab: ComingClassRoomTab }) {
  const t = useT()
  return <EmptyState testId={`classroom-coming-${tab}`} icon={comingTabIcons[tab]} title={t(copy[tab].title)} text={t(copy[tab].text)} />
}
