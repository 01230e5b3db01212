import { css } from 'styled-system/css'
import type { ClassRoomStudent } from '../contract/class-room.ts'
import { classRoomStudentsKey } from '../class-room-reads.ts'
import { fetchClassRoomStudents } from '../class-rooms.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'

/** The first letter of the first two words, for a student without a photo. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/u)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('')

const photoSize = '14'

function StudentCard({ student }: { student: ClassRoomStudent }) {
  return (
    <li
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '2',
        padding: '3',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        textAlign: 'center',
        minWidth: '0',
      })}
    >
      {student.photoUrl !== null ? (
        // The name is written right below: the photo adds nothing for a screen reader.
        <img
          src={student.photoUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className={css({ width: photoSize, height: photoSize, borderRadius: 'full', objectFit: 'cover', bg: 'accent.subtle' })}
        />
      ) : (
        <span
          aria-hidden="true"
          dir="auto"
          className={css({
            display: 'grid',
            placeItems: 'center',
            width: photoSize,
            height: photoSize,
            borderRadius: 'full',
            bg: 'accent.subtle',
            color: 'accent.emphasis',
            fontWeight: 'semibold',
          })}
        >
          {initialsOf(student.name)}
        </span>
      )}
      <span dir="auto" className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
        {student.name}
      </span>
    </li>
  )
}

/**
 * The classroom tab's class list: every student of the room with their photo (a signed link the
 * server renews with each read) or their initials, in the reader's language. Read once per
 * account, language and room through the resource hook, so another teacher never sees it.
 */
export function ClassRoomStudents({ classRoomId }: { classRoomId: number }) {
  const t = useT()
  const students = useResource(classRoomStudentsKey(classRoomId), () => fetchClassRoomStudents(classRoomId))
  const count = students.status === 'ready' ? students.data.length : 0
  return (
    <section aria-labelledby="classroom-students" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="classroom-students" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {students.status === 'ready' ? t('classroom.students.title', { count }) : t('classroom.students.heading')}
      </h2>
      {students.status === 'loading' && <LoadingBlock label={t('shell.common.loading')} />}
      {students.status === 'error' && (
        <EmptyState
          tone="danger"
          title={t('classroom.students.error')}
          text={students.problem.message}
          action={<Button onClick={students.retry}>{t('shell.common.retry')}</Button>}
        />
      )}
      {students.status === 'ready' && count === 0 && <EmptyState title={t('classroom.students.empty.title')} text={t('classroom.students.empty.text')} />}
      {students.status === 'ready' && count > 0 && (
        <ul data-testid="classroom-students" className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))', gap: '3' })}>
          {students.data.map((student) => (
            <StudentCard key={student.id} student={student} />
          ))}
        </ul>
      )}
    </section>
  )
}
