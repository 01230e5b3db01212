import { css } from 'styled-system/css'
import type { ClassRoom } from '../../classroom/contract/class-room.ts'
import { classRoomStudentsKey, fetchClassRoomStudents } from '../../classroom/public.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Checkbox } from '../../../src/ui/checkbox.tsx'
import { fieldError } from '../../../src/ui/field.tsx'
import { RadioGroup } from '../../../src/ui/radio-group.tsx'
import { Spinner } from '../../../src/ui/spinner.tsx'
import { idsOf } from './form-values.ts'

const roomLabel = (room: ClassRoom) => `${room.name} ${room.division}`.trim()

const toggled = (joined: string, id: number, on: boolean): string => {
  const next = new Set(idsOf(joined))
  if (on) next.add(id)
  else next.delete(id)
  return [...next].join(',')
}

/** One class room's students, to choose among. */
function RoomStudents({ room, chosen, onToggle }: { room: ClassRoom; chosen: ReadonlySet<number>; onToggle: (id: number, on: boolean) => void }) {
  const t = useT()
  const students = useResource(classRoomStudentsKey(room.classRoomId), () => fetchClassRoomStudents(room.classRoomId))
  return (
    <div role="group" aria-label={roomLabel(room)} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        <bdi>{roomLabel(room)}</bdi>
      </p>
      {students.status === 'loading' ? <Spinner size="sm" label={t('exams.form.students')} /> : null}
      {students.status === 'ready'
        ? students.data.map((student) => (
            <Checkbox key={student.id} checked={chosen.has(student.id)} onCheckedChange={(on) => onToggle(student.id, on)}>
              <span dir="auto">{student.name}</span>
            </Checkbox>
          ))
        : null}
    </div>
  )
}

/** Whole class rooms of the grade (where she teaches the subject), or chosen students of them. */
export function ExamTargetFields({
  rooms,
  targetKind,
  classRoomIds,
  studentIds,
  set,
  errors,
  disabled,
}: {
  rooms: ReadonlyArray<ClassRoom>
  targetKind: string
  classRoomIds: string
  studentIds: string
  set: (name: 'targetKind' | 'classRoomIds' | 'studentIds') => (value: string) => void
  errors: Readonly<Record<string, string>>
  disabled: boolean
}) {
  const t = useT()
  const chosenRooms = new Set(idsOf(classRoomIds))
  const chosenStudents = new Set(idsOf(studentIds))
  const error = targetKind === 'students' ? errors.studentIds : errors.classRoomIds
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })} disabled={disabled}>
      <RadioGroup
        id="exam-targetKind"
        label={t('exams.form.target')}
        orientation="horizontal"
        value={targetKind}
        onValueChange={set('targetKind')}
        disabled={disabled}
        options={[
          { value: 'classes', label: t('exams.form.targetClasses'), testId: 'exam-target-classes' },
          { value: 'students', label: t('exams.form.targetStudents'), testId: 'exam-target-students' },
        ]}
      />
      <div
        id={targetKind === 'students' ? 'exam-studentIds' : 'exam-classRoomIds'}
        tabIndex={-1}
        role="group"
        aria-label={t(targetKind === 'students' ? 'exams.form.students' : 'exams.form.classRooms')}
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '2' })}
        data-testid="exam-target"
      >
        {rooms.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('exams.form.noClassRooms')}</p> : null}
        {targetKind === 'students'
          ? rooms.map((room) => (
              <RoomStudents key={room.classRoomId} room={room} chosen={chosenStudents} onToggle={(id, on) => set('studentIds')(toggled(studentIds, id, on))} />
            ))
          : rooms.map((room) => (
              <Checkbox
                key={room.classRoomId}
                checked={chosenRooms.has(room.classRoomId)}
                onCheckedChange={(on) => set('classRoomIds')(toggled(classRoomIds, room.classRoomId, on))}
                testId={`exam-room-${room.classRoomId}`}
              >
                <bdi>{roomLabel(room)}</bdi>
              </Checkbox>
            ))}
      </div>
      {error ? <p className={fieldError}>{error}</p> : null}
    </fieldset>
  )
}
