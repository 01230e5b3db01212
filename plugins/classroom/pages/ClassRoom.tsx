import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { useHistoryState } from 'wouter/use-browser-location'
import { css } from 'styled-system/css'
import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom as Room } from '../contract/class-room.ts'
import type { ApiProblem } from '../../../src/api/client.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { ClassRoomOverview } from '../components/class-room-overview.tsx'
import { ComingTab } from '../components/coming-tab.tsx'
import { ContributedTab } from '../components/contributed-tab.tsx'
import { classRoomTabs } from '../public.ts'
import { arrangeTabs } from '../tabs/class-room-tabs.ts'
import { useWideScreen } from '../../../src/layout/wide-screen.ts'
import { useClassRoomTab } from '../tabs/use-class-room-tab.ts'
import { fetchSubjects, findBySlug, isClassRoomState, loadClassRooms, openClassRoom } from '../class-rooms.ts'
import { useClassRoomLabel } from '../class-room-label.ts'
import { useLocale, useT } from '../../../src/i18n/intl.tsx'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useContributions } from '../../../src/plugin-host/registry-context.tsx'
import { useSession } from '../../../src/session/session-provider.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { Tabs } from '../../../src/ui/tabs.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'

type View =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'ambiguous'; rooms: ReadonlyArray<Room> }
  | { status: 'error'; problem: ApiProblem }
  | { status: 'ready'; room: Room; subjects: ReadonlyArray<Subject> }

/**
 * Resolves the class room: from history state when we came from a link in this language, else by
 * name from the class-room list (a reload, another language). Reads go through the one resource hook.
 */
const useClassRoom = (slug: string): View & { retry: () => void } => {
  const state: unknown = useHistoryState()
  const carried = isClassRoomState(state) ? state : null
  const locale = useLocale()
  const fresh = carried !== null && carried.locale === locale
  const rooms = useResource(fresh ? null : ['classRooms'], loadClassRooms)
  // Carried state names the room by id (names change with the language); a bare link by name.
  // The id in the address (?id=) names the room in any tab, language or bookmark; an old link without it goes by name.
  const idInUrl = Number(new URLSearchParams(useSearch()).get('id') ?? Number.NaN)
  const wantedId = carried ? carried.classRoomId : Number.isInteger(idInUrl) ? idInUrl : null
  const matches =
    rooms.status === 'ready' ? (wantedId !== null ? rooms.data.filter((room) => room.classRoomId === wantedId) : findBySlug(rooms.data, slug)) : []
  const room = matches.length === 1 ? matches[0]! : null
  const subjects = useResource(room ? ['subjects', room.classRoomId] : null, () => fetchSubjects(room!.classRoomId))
  if (fresh) return { status: 'ready', room: carried.classRoom, subjects: carried.subjects, retry: rooms.retry }
  if (rooms.status !== 'ready') return { ...rooms }
  if (matches.length === 0) return { status: 'notFound', retry: rooms.retry }
  if (matches.length > 1) return { status: 'ambiguous', rooms: matches, retry: rooms.retry }
  if (subjects.status !== 'ready') return { ...subjects }
  return { status: 'ready', room: room!, subjects: subjects.data, retry: subjects.retry }
}

export default function ClassRoom({ params }: PageProps) {
  const t = useT()
  const slug = params.name ?? ''
  const view = useClassRoom(slug)
  const label = useClassRoomLabel()
  const { roles } = useSession()
  const contributed = useContributions(classRoomTabs)
  const wide = useWideScreen()
  const tabs = useMemo(() => arrangeTabs(contributed, roles, { workingFirst: !wide }), [contributed, roles, wide])
  const tabIds = useMemo(() => tabs.map((entry) => entry.tab), [tabs])
  const [tab, chooseTab] = useClassRoomTab(tabIds)
  usePageTitle(view.status === 'ready' ? label(view.room) : t('classroom.page.eyebrow'))
  if (view.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (view.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={t('classroom.page.error')}
        text={view.problem.message}
        action={<Button onClick={view.retry}>{t('shell.common.retry')}</Button>}
      />
    )
  if (view.status === 'notFound')
    return (
      <EmptyState
        title={t('classroom.notFound.title')}
        text={t('classroom.notFound.text')}
        action={
          <Link href={shellRoutes.home.link()} className={buttonStyle({})}>
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
                <span dir="auto">{label(room)}</span>
                <Separator />
                <span dir="auto">{room.educationalStage}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    )
  const { room, subjects } = view
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="classroom-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={css({ fontSize: 'sm', color: 'accent.default', fontWeight: 'semibold' })}>{t('classroom.page.eyebrow')}</p>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} data-testid="classroom-name" dir="auto">
          {label(room)}
        </h1>
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
      <Tabs
        label={t('classroom.tabs.label')}
        value={tab}
        unmountOnExit
        onValueChange={(value) => {
          if (tabIds.includes(value)) chooseTab(value)
        }}
        items={tabs.map((entry) => ({
          value: entry.tab,
          testId: `classroom-tab-${entry.tab}`,
          label: t(entry.label),
          content:
            entry.kind === 'overview' ? (
              <ClassRoomOverview room={room} subjects={subjects} />
            ) : entry.kind === 'contributed' ? (
              <ContributedTab contribution={entry.contribution} room={room} subjects={subjects} />
            ) : (
              <ComingTab tab={entry.tab} />
            ),
        }))}
      />
    </div>
  )
}
