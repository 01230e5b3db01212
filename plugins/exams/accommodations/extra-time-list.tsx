import { useEffect, useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { commonExtraTimePercents, type ClassRoomAccommodations, type StudentAccommodation } from '../contract/accommodations.ts'
import { callApi } from '../../../src/api/client.ts'
import { emptyLifecycle } from '../../../src/events/fold.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import { readWithWaiting } from '../../../src/events/read-model.ts'
import type { LogEvent } from '../../../src/events/types.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { updateAccommodation } from './commands.ts'
import type { AccommodationUpdateRequested } from './events.ts'
import type { AccommodationsView } from './projection.ts'

const applyChange = (students: ReadonlyArray<StudentAccommodation>, command: LogEvent<AccommodationUpdateRequested>) =>
  students.map((student) => (student.studentId === command.payload.studentId ? { ...student, extraTimePercent: command.payload.extraTimePercent } : student))

/**
 * The class room's students with their extra time for timed exams (the accommodation profile): one
 * choice per student, saved through the outbox at once (a change made offline waits on this device
 * and is sent when the network is back), shown as "waiting to send" until the server has it.
 */
export function ExtraTimeList({ classRoomId }: { readonly classRoomId: number }) {
  const t = useT()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const headingId = useId()
  const read = useResource(['examAccommodations', classRoomId], () =>
    callApi((c) => c.examAccommodations.classRoomAccommodations({ query: { ClassRoomID: classRoomId } })),
  )
  const view = snapshot.views.accommodations as AccommodationsView | undefined
  const { refetch } = read
  const answered = view?.answered ?? 0
  // The server answered a change: its list is what it now holds.
  useEffect(() => {
    if (answered > 0) refetch()
  }, [answered, refetch])
  const lifecycle = 'accommodations' in snapshot.views ? store.lifecycle<AccommodationUpdateRequested>('accommodations') : emptyLifecycle
  const loaded: ClassRoomAccommodations | null = read.status === 'ready' ? read.data : null
  // The list as read, with the changes the server confirmed after it was read applied: between an answer
  // and the list read again, the student's new share stays on screen instead of flashing back to the old one.
  const answers = lifecycle.answers
  const lastAnswerAtRead = useMemo(() => answers.reduce((last, answer) => Math.max(last, answer.at), -1), [loaded]) // eslint-disable-line react-hooks/exhaustive-deps
  const asRead = answers
    .filter((answer) => answer.kind === 'confirmed' && answer.at > lastAnswerAtRead && answer.command.payload.classRoomId === classRoomId)
    .reduce((students, answer) => applyChange(students, answer.command), loaded?.students ?? [])
  const model = readWithWaiting(asRead, lifecycle, classRoomId, applyChange)
  const waitingFor = new Set(model.waiting.map((command) => command.payload.studentId))
  const refusal = view?.lastRefusal?.classRoomId === classRoomId ? view.lastRefusal : null
  const options = useMemo(
    () =>
      commonExtraTimePercents.map((percent) => ({
        value: String(percent),
        label: percent === 0 ? t('exams.extraTime.none') : t('exams.extraTime.option', { share: percent / 100 }),
      })),
    [t],
  )
  const optionsFor = (percent: number) =>
    options.some((option) => option.value === String(percent))
      ? options
      : [...options, { value: String(percent), label: t('exams.extraTime.option', { share: percent / 100 }) }]

  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="extra-time">
      <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('exams.extraTime.title')}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.extraTime.explain')}</p>
      {refusal !== null ? (
        <Banner tone="danger" testId="extra-time-refused">
          {t('exams.extraTime.refused', { message: refusal.message })}
        </Banner>
      ) : null}
      {read.status === 'error' ? (
        <Banner tone="warning" testId="extra-time-load-error">
          {t('exams.extraTime.loadError')}
          <Button size="sm" variant="ghost" onClick={read.retry}>
            {t('shell.common.retry')}
          </Button>
        </Banner>
      ) : loaded === null ? (
        <LoadingBlock label={t('shell.common.loading')} />
      ) : model.value.length === 0 ? (
        <EmptyState title={t('exams.extraTime.empty')} />
      ) : (
        <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', gap: '3' })}>
          {model.value.map((student) => (
            <li key={student.studentId} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-testid="extra-time-student">
              <Select
                label={student.name}
                options={optionsFor(student.extraTimePercent)}
                value={String(student.extraTimePercent)}
                onValueChange={(value) => {
                  const extraTimePercent = Number(value)
                  if (extraTimePercent !== student.extraTimePercent)
                    store.dispatch(updateAccommodation, { classRoomId, studentId: student.studentId, extraTimePercent })
                }}
                testId={`extra-time-${student.studentId}`}
              />
              {waitingFor.has(student.studentId) ? (
                <StatusChip tone="waiting" className={css({ alignSelf: 'flex-start' })} data-testid="extra-time-waiting">
                  {t('exams.extraTime.waiting')}
                </StatusChip>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
