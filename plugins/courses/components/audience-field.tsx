import { css } from 'styled-system/css'
import { useClassRoomLabel } from '../../classroom/public.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Checkbox } from '../../../src/ui/checkbox.tsx'
import { fieldError, fieldHelper } from '../../../src/ui/field.tsx'
import type { AudienceClassRoom } from '../contract/courses-api.ts'
import { classRoomIdsOf } from '../contract/courses.ts'

/** The audience chosen among `rooms` when the subject changes: what she had chosen that the new subject has too, or its only room. */
export const audienceForSubject = (chosen: string, rooms: ReadonlyArray<AudienceClassRoom>): string => {
  const kept = classRoomIdsOf(chosen).filter((id) => rooms.some((room) => room.id === id))
  return (kept.length === 0 && rooms.length === 1 ? [rooms[0]!.id] : kept).join(',')
}

/**
 * The course's audience: a check box for each of her class rooms that have the chosen subject. Its
 * id is the form's field id, so a refused save focuses it; the message is tied to every box.
 */
export function AudienceField({
  id,
  rooms,
  value,
  onValueChange,
  error,
}: {
  id: string
  rooms: ReadonlyArray<AudienceClassRoom> | null
  value: string
  onValueChange: (value: string) => void
  error: string | undefined
}) {
  const t = useT()
  const label = useClassRoomLabel()
  const chosen = new Set(classRoomIdsOf(value))
  const toggle = (room: number, on: boolean) => {
    const next = rooms?.filter((item) => (item.id === room ? on : chosen.has(item.id))).map((item) => item.id) ?? []
    onValueChange(next.join(','))
  }
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error ? `${helpId} ${errorId}` : helpId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0', _focusVisible: { outline: 'none' } })}
      data-testid="course-audience"
    >
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', marginBlockEnd: '1' })}>{t('courses.form.audience')}</legend>
      <span id={helpId} className={fieldHelper}>
        {rooms === null ? t('courses.form.audienceNoSubject') : t('courses.form.audienceHelp')}
      </span>
      {rooms === null ? null : (
        <div
          className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: '1' })}
        >
          {rooms.map((room) => (
            <Checkbox
              key={room.id}
              checked={chosen.has(room.id)}
              onCheckedChange={(on) => toggle(room.id, on)}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              testId="course-audience-room"
            >
              <bdi>{label(room)}</bdi>
            </Checkbox>
          ))}
        </div>
      )}
      {error ? (
        <span id={errorId} className={fieldError} data-testid="course-audience-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}
