import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { ClassRoom } from '../../contracts/entities.ts'
import { useClassRoomLabel } from '../classrooms/class-room-label.ts'
import { openClassRoom, useClassRooms } from '../classrooms/class-rooms.ts'
import { useT } from '../i18n/intl.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { ChevronIcon, GridIcon } from '../ui/icons.tsx'
import { LoadingBlock, Spinner } from '../ui/spinner.tsx'
import { notify } from '../ui/toast.tsx'
import { problemOf } from '../api/client.ts'

function ClassRoomList({ onOpened }: { onOpened: () => void }) {
  const t = useT()
  const label = useClassRoomLabel()
  const rooms = useClassRooms()
  const [opening, setOpening] = useState<number | null>(null)
  if (rooms.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (rooms.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={t('shell.classRooms.error')}
        text={rooms.problem.message}
        action={<Button onClick={rooms.retry}>{t('shell.common.retry')}</Button>}
      />
    )
  if (rooms.data.length === 0) return <EmptyState title={t('shell.classRooms.empty')} />
  const choose = async (room: ClassRoom) => {
    setOpening(room.classRoomId)
    try {
      await openClassRoom(room)
      onOpened()
    } catch (error) {
      notify.error(t('shell.common.error'), problemOf(error).message)
    } finally {
      setOpening(null)
    }
  }
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {rooms.data.map((room) => (
        <li key={room.classRoomId}>
          <button
            type="button"
            data-testid="classroom-overlay-item"
            disabled={opening !== null}
            aria-busy={opening === room.classRoomId || undefined}
            onClick={() => void choose(room)}
            className={css({
              width: 'full',
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              textAlign: 'start',
              padding: '3',
              borderRadius: 'lg',
              borderWidth: '1px',
              borderColor: 'border.default',
              bg: 'bg.surface',
              cursor: 'pointer',
              _hover: { borderColor: 'accent.default', bg: 'accent.subtle' },
              _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
              _disabled: { cursor: 'wait' },
            })}
          >
            <span
              aria-hidden
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: '10',
                height: '10',
                borderRadius: 'lg',
                bg: 'accent.subtle',
                color: 'accent.default',
                flexShrink: 0,
              })}
            >
              <GridIcon />
            </span>
            <span className={css({ display: 'flex', flexDirection: 'column', flex: '1', minWidth: 0 })}>
              <span dir="auto" className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                {label(room)}
              </span>
              <span dir="auto" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {room.educationalStage}
              </span>
            </span>
            {opening === room.classRoomId ? (
              <Spinner size="sm" label={t('shell.classRooms.opening', { name: label(room) })} />
            ) : (
              <span className={css({ color: 'fg.muted' })}>
                <ChevronIcon />
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}

// The floating button's corner and size; AppLayout keeps the content this far from the inline end (md and up).
const floating = css({
  position: 'fixed',
  insetInlineEnd: '8',
  insetBlockEnd: '8',
  width: '14',
  height: '14',
  borderRadius: 'full',
  boxShadow: 'lg',
  zIndex: 'docked',
  _hover: { transform: 'translateY(-1px)' },
})

// In the top bar (phones): one more 44 px control, painted as the primary action it is.
const inBar = css({ flexShrink: 0, width: '11', height: '11', borderRadius: 'lg' })

/**
 * The class-room button (spec §2) and its overlay. On a wide screen it floats at the inline-end
 * bottom corner, beside the content; on a phone there is no room beside the content, so it sits in
 * the top bar instead of floating over cards and buttons.
 */
export function ClassRoomButton({ placement }: { placement: 'floating' | 'bar' }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        data-testid="classroom-fab"
        aria-label={t('shell.classRooms.open')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={cx(
          css({
            bg: 'accent.default',
            color: 'fg.onAccent',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: 'pointer',
            transition: 'background 0.15s, transform 0.15s',
            _hover: { bg: 'accent.emphasis' },
            _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '3px' },
          }),
          placement === 'floating' ? floating : inBar,
        )}
      >
        <GridIcon />
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('shell.classRooms.title')}
        description={t('shell.classRooms.description')}
        closeLabel={t('shell.common.close')}
        testId="classroom-overlay"
      >
        <ClassRoomList onOpened={() => setOpen(false)} />
      </Dialog>
    </>
  )
}
