import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { ClassRoom } from '../contract/class-room.ts'
import { useClassRoomLabel } from '../class-room-label.ts'
import { classRoomsRead } from '../class-room-reads.ts'
import { openClassRoom } from '../class-rooms.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useRead } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { Dialog } from '../../../src/ui/dialog.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { ChevronIcon, GridIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock, Spinner } from '../../../src/ui/spinner.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { problemOf } from '../../../src/api/client.ts'
import type { FrameActionPlacement } from '../../../src/layout/frame-actions.ts'

function ClassRoomList({ onOpened }: { onOpened: () => void }) {
  const t = useT()
  const label = useClassRoomLabel()
  const rooms = useRead(classRoomsRead)
  const [opening, setOpening] = useState<number | null>(null)
  if (rooms.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (rooms.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={t('classroom.rooms.error')}
        text={rooms.problem.message}
        action={<Button onClick={rooms.retry}>{t('shell.common.retry')}</Button>}
      />
    )
  if (rooms.data.length === 0) return <EmptyState title={t('classroom.rooms.empty')} />
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
              <Spinner size="sm" label={t('classroom.rooms.opening', { name: label(room) })} />
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

// Floating (the frame puts it in its inline-end bottom corner): a round button of size 14.
const floating = css({
  width: '14',
  height: '14',
  borderRadius: 'full',
  boxShadow: 'lg',
  _hover: { transform: 'translateY(-1px)' },
})

// In the top bar (phones): one more 44 px control, painted as the primary action it is.
const inBar = css({ flexShrink: 0, width: '11', height: '11', borderRadius: 'lg' })

/**
 * The class-room button (spec §2) and its overlay, the class room's action in the signed-in frame
 * (plugin.ts contributes it to the shell's frameActions). On a wide screen it floats at the
 * inline-end bottom corner, beside the content; on a phone there is no room beside the content, so
 * it sits in the top bar instead of floating over cards and buttons.
 */
export default function ClassRoomButton({ placement }: { placement: FrameActionPlacement }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        data-testid="classroom-fab"
        aria-label={t('classroom.rooms.open')}
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
        title={t('classroom.rooms.title')}
        description={t('classroom.rooms.description')}
        closeLabel={t('shell.common.close')}
        testId="classroom-overlay"
      >
        <ClassRoomList onOpened={() => setOpen(false)} />
      </Dialog>
    </>
  )
}
