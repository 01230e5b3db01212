import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useHistoryState } from 'wouter/use-browser-location'
import { css } from 'styled-system/css'
import type { ClassRoom as Room, Subject } from '../../../contracts/entities.ts'
import { problemOf, type ApiProblem } from '../../../src/api/client.ts'
import { routes } from '../../../src/app/routes.ts'
import { fetchClassRooms, fetchSubjects, findBySlug, isClassRoomState, openClassRoom } from '../../../src/classrooms/class-rooms.ts'
import { useLocale, useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon, SparkIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'

type View = { status: 'loading' } | { status: 'notFound' } | { status: 'ambiguous'; rooms: ReadonlyArray<Room> } | { status: 'error'; problem: ApiProblem } | { status: 'ready'; room: Room; subjects: ReadonlyArray<Subject> }

/** Resolves the class room: from history state when we came from a link, else by name from the class-room list (a reload). */
const useClassRoom = (slug: string): View & { retry: () => void } => {
  const state: unknown = useHistoryState()
  const carried = isClassRoomState(state) ? state : null
  const [view, setView] = useState<View>(carried ? { status: 'ready', room: carried.classRoom, subjects: carried.subjects } : { status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const locale = useLocale()
  useEffect(() => {
    if (carried && carried.classRoom !== undefined && carried.locale === locale) {
      setView({ status: 'ready', room: carried.classRoom, subjects: carried.subjects })
      return
    }
    let live = true
    fetchClassRooms(attempt > 0)
      .then(async (list) => {
        // Carried state names the room by id (names change with the language); a bare link by name.
        const rooms = carried ? list.filter((room) => room.classRoomId === carried.classRoomId) : findBySlug(list, slug)
        if (rooms.length === 0) return live && setView({ status: 'notFound' })
        if (rooms.length > 1) return live && setView({ status: 'ambiguous', rooms })
        const room = rooms[0]!
        const subjects = await fetchSubjects(room.classRoomId)
        if (live) setView({ status: 'ready', room, subjects })
      })
      .catch((error: unknown) => live && setView({ status: 'error', problem: problemOf(error) }))
    return () => {
      live = false
    }
  }, [carried, slug, attempt, locale])
  return { ...view, retry: () => setAttempt((n) => n + 1) }
}

function SubjectPanel({ subject, room }: { subject: Subject; room: Room }) {
  const t = useT()
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h3 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{subject.name}</h3>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('classroom.subject.soon')}</p>
      <div>
        <Link href={routes.homeworkStudentsList({ name: room.name })} className={buttonStyle({ variant: 'outline', size: 'sm' })}>
          {t('classroom.homework.title')}
        </Link>
      </div>
    </Card>
  )
}

export default function ClassRoom({ params }: PageProps) {
  const t = useT()
  const slug = params.name ?? ''
  const view = useClassRoom(slug)
  if (view.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (view.status === 'error') return <EmptyState tone="danger" title={t('classroom.page.error')} text={view.problem.message} action={<Button onClick={view.retry}>{t('shell.common.retry')}</Button>} />
  if (view.status === 'notFound')
    return (
      <EmptyState
        title={t('classroom.notFound.title')}
        text={t('classroom.notFound.text')}
        action={
          <Link href={routes.home()} className={buttonStyle({})}>
            {t('shell.common.goHome')}
          </Link>
        }
      />
    )
  if (view.status === 'ambiguous')
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '32rem' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('classroom.choose.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('classroom.choose.text')}</p>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {view.rooms.map((room) => (
            <li key={room.classRoomId}>
              <Button variant="outline" full onClick={() => void openClassRoom(room, { replace: true }).catch(view.retry)} data-testid="classroom-choose-item">
                {room.name} · {t('shell.classRooms.division', { division: room.division })} · {room.educationalStage}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    )
  const { room, subjects } = view
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="classroom-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={css({ fontSize: 'sm', color: 'accent.default', fontWeight: 'semibold' })}>{t('classroom.page.eyebrow')}</p>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} data-testid="classroom-name">{room.name}</h1>
        <dl className={css({ display: 'flex', gap: '6', flexWrap: 'wrap', color: 'fg.muted', fontSize: 'sm' })}>
          <div className={css({ display: 'flex', gap: '1' })}>
            <dt>{t('classroom.page.division')}:</dt>
            <dd className={css({ color: 'fg.default', fontWeight: 'medium' })}>{room.division}</dd>
          </div>
          <div className={css({ display: 'flex', gap: '1' })}>
            <dt>{t('classroom.page.stage')}:</dt>
            <dd className={css({ color: 'fg.default', fontWeight: 'medium' })}>{room.educationalStage}</dd>
          </div>
        </dl>
      </header>
      <section aria-labelledby="classroom-subjects" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="classroom-subjects" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('classroom.page.subjects', { count: subjects.length })}</h2>
        {subjects.length === 0 ? (
          <EmptyState icon={<BookIcon />} title={t('classroom.noSubjects.title')} text={t('classroom.noSubjects.text')} />
        ) : (
          <Tabs label={t('classroom.page.subjects', { count: subjects.length })} items={subjects.map((subject) => ({ value: String(subject.id), label: subject.name, content: <SubjectPanel subject={subject} room={room} /> }))} />
        )}
      </section>
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
        <SparkIcon /> {t('classroom.page.more')}
      </p>
    </div>
  )
}
