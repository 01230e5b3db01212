import { Link } from 'wouter'
import { css } from 'styled-system/css'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom as Room } from '../contract/class-room.ts'
import { homeworkStudentsListRoute } from '../../homework/public.ts'
import { holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { ClassRoomStudents } from './class-room-students.tsx'
import { ChaptersSection } from './chapters/chapters-section.tsx'

function SubjectPanel({ subject, room }: { subject: Subject; room: Room }) {
  const t = useT()
  // Homework and the chapters it is filed under are the Assignments role's (the server refuses the others).
  const assigns = holdsAllRoles(useSession().roles, ['Assignments'])
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h3 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{subject.name}</h3>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('classroom.subject.soon')}</p>
      {assigns ? (
        <>
          <div>
            <Link
              href={homeworkStudentsListRoute.link({ name: room.name, id: String(room.classRoomId) })}
              className={buttonStyle({ variant: 'outline', size: 'sm' })}
            >
              {t('classroom.homework.title')}
            </Link>
          </div>
          <ChaptersSection room={room} subject={subject} />
        </>
      ) : null}
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
