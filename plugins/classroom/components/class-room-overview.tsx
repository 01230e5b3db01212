import { css } from 'styled-system/css'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom as Room } from '../contract/class-room.ts'
import { holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { useT } from '../../../src/i18n/intl.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { ClassRoomStudents } from './class-room-students.tsx'
import { ChaptersSection } from './chapters/chapters-section.tsx'
import { SubjectSections } from './subject-sections.tsx'

function SubjectPanel({ subject, room }: { subject: Subject; room: Room }) {
  // The chapters homework is filed under are the Assignments role's (the server refuses the others).
  const assigns = holdsAllRoles(useSession().roles, ['Assignments'])
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })}>
      <h3 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{subject.name}</h3>
      {/* What other features show of the subject (homework: its homework by chapter), then its chapters. */}
      <SubjectSections room={room} subject={subject} />
      {assigns ? <ChaptersSection room={room} subject={subject} /> : null}
    </Card>
  )
}

/** The classroom tab: the room's subjects, then its students with their photos. */
export function ClassRoomOverview({ room, subjects }: { room: Room; subjects: ReadonlyArray<Subject> }) {
  const t = useT()
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <section aria-labelledby="classroom-subjects" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="classroom-subjects" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('classroom.page.subjects', { count: subjects.length })}
        </h2>
        {subjects.length === 0 ? (
          <EmptyState icon={<BookIcon />} title={t('classroom.noSubjects.title')} text={t('classroom.noSubjects.text')} />
        ) : (
          <Tabs
            label={t('classroom.page.subjects', { count: subjects.length })}
            items={subjects.map((subject) => ({ value: String(subject.id), label: subject.name, content: <SubjectPanel subject={subject} room={room} /> }))}
          />
        )}
      </section>
      <ClassRoomStudents classRoomId={room.classRoomId} />
    </div>
  )
}
