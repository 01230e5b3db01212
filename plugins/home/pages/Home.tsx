import { lazy, Suspense, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import type { ClassRoom } from '../../classroom/contract/class-room.ts'
import { problemOf } from '../../../src/api/client.ts'
import { homeCards } from '../public.ts'
import { AdminHome } from './AdminHome.tsx'
import { classRoomsRead, openClassRoom, useClassRoomLabel } from '../../classroom/public.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useRead } from '../../../src/resources/resource.ts'
import { useContributions } from '../../../src/plugin-host/registry-context.tsx'
import { effectiveRoles, holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { isolate, useSignedInIdentity } from '../../../src/session/signed-in-identity.ts'
import { Button } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { GridIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock, Spinner } from '../../../src/ui/spinner.tsx'
import { notify } from '../../../src/ui/toast.tsx'

function ClassRoomCard({ room, busy, onOpen }: { room: ClassRoom; busy: boolean; onOpen: () => void }) {
  const t = useT()
  const label = useClassRoomLabel()
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid="home-classroom-card"
      className={cardStyle({ interactive: true }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '3', width: 'full', minHeight: '9rem' })}
    >
      <span className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: 'full' })}>
        <span
          aria-hidden
          className={css({
            display: 'inline-flex',
            width: '10',
            height: '10',
            borderRadius: 'lg',
            bg: 'accent.subtle',
            color: 'accent.default',
            alignItems: 'center',
            justifyContent: 'center',
          })}
        >
          <GridIcon />
        </span>
        {busy ? <Spinner size="sm" label={t('classroom.rooms.opening', { name: label(room) })} /> : null}
      </span>
      <span dir="auto" className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' })}>
        {label(room)}
      </span>
      <span className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <span dir="auto" className={css({ fontSize: 'xs', bg: 'bg.subtle', color: 'fg.muted', paddingInline: '2', paddingBlock: '0.5', borderRadius: 'full' })}>
          {room.educationalStage}
        </span>
      </span>
    </button>
  )
}

function ExtensionCards() {
  const { roles } = useSession()
  const contributed = useContributions(homeCards)
  const cards = useMemo(
    () =>
      contributed
        .filter((card) => holdsAllRoles(effectiveRoles(roles), card.roles))
        .sort((a, b) => a.order - b.order)
        .map((card) => ({ id: card.id, Component: lazy(card.component) })),
    [contributed, roles],
  )
  if (cards.length === 0) return null
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '4' })}>
      {cards.map(({ id, Component }) => (
        <Suspense key={id} fallback={null}>
          <Component />
        </Suspense>
      ))}
    </div>
  )
}

/** The teacher's class rooms as cards (read only when shown: a student has none). */
function ClassRoomsSection() {
  const t = useT()
  const rooms = useRead(classRoomsRead)
  const [opening, setOpening] = useState<number | null>(null)
  const open = async (room: ClassRoom) => {
    setOpening(room.classRoomId)
    try {
      await openClassRoom(room)
    } catch (error) {
      notify.error(t('shell.common.error'), problemOf(error).message)
      setOpening(null)
    }
  }
  return (
    <section aria-labelledby="home-classrooms" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="home-classrooms" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('home.classRooms.title')}
      </h2>
      {rooms.status === 'loading' ? <LoadingBlock label={t('shell.common.loading')} /> : null}
      {rooms.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('classroom.rooms.error')}
          text={rooms.problem.message}
          action={<Button onClick={rooms.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {rooms.status === 'ready' && rooms.data.length === 0 ? (
        <EmptyState icon={<GridIcon />} title={t('classroom.rooms.empty')} text={t('home.classRooms.emptyText')} />
      ) : null}
      {rooms.status === 'ready' && rooms.data.length > 0 ? (
        <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '4' })}>
          {rooms.data.map((room) => (
            <li key={room.classRoomId}>
              <ClassRoomCard room={room} busy={opening === room.classRoomId} onOpen={() => void open(room)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

export default function Home() {
  const t = useT()
  const { name } = useSignedInIdentity()
  const { session, roles } = useSession()
  // An admin has no class rooms: the home says what an admin can do instead of an error.
  const isAdmin = session?.userType === 'Admin' || session?.userType === 'SuperAdmin'
  // The class rooms are the Home role's (a teacher's); anyone else sees only the cards of their roles.
  const showsClassRooms = !isAdmin && holdsAllRoles(roles, ['Home'])
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: '-0.01em' })}>
          {t('home.page.greeting', { name: isolate(name) })}
        </h1>
        {showsClassRooms ? <p className={css({ color: 'fg.muted' })}>{t('home.page.subtitle')}</p> : null}
      </header>
      {isAdmin ? <AdminHome /> : null}
      {showsClassRooms ? <ClassRoomsSection /> : null}
      <ExtensionCards />
    </div>
  )
}
