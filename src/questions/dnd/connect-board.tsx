import {
  closestCenter,
  DndContext,
  pointerWithin,
  useDraggable,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { useMemo, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import type { Item } from '../../../contracts/questions/parts.ts'
import { directionOf } from '../../i18n/locale-store.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { Select } from '../../ui/select.tsx'
import { matchTo, poolId, slotId, type Matches } from './connect-matches.ts'
import { logicalKeyboard } from './logical-keyboard.ts'
import { chipStyle } from './sortable-row.tsx'
import { useDndSensors } from './use-dnd-sensors.ts'

const none = '__none'

function MatchChip({ item, roleDescription }: { item: Item; roleDescription: string }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: item.id, attributes: { roleDescription } })
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), zIndex: isDragging ? 2 : undefined, position: 'relative' }}
      className={chipStyle}
      {...attributes}
      {...listeners}
      data-testid="match-chip"
      data-id={item.id}
    >
      <span dir="auto">{item.text.trim() === '' ? '…' : item.text}</span>
    </div>
  )
}

function DropZone({ id, children, label, testId, className }: { id: string; children: React.ReactNode; label: string; testId: string; className?: string }) {
  const { setNodeRef, isOver } = useDroppable({ id })
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-testid={testId}
      data-over={isOver || undefined}
      className={cx(
        css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '2',
          minHeight: '14',
          padding: '1.5',
          borderWidth: '2px',
          borderStyle: 'dashed',
          borderColor: 'border.strong',
          borderRadius: 'lg',
          bg: 'bg.canvas',
          '&[data-over]': { borderColor: 'accent.default', bg: 'accent.subtle' },
        }),
        className,
      )}
    >
      {children}
    </div>
  )
}

// Pointer: the zone under the finger or mouse; keyboard (no pointer): the zone the item is centred on.
const collision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args))

/**
 * Connect, answered: the student places each match onto its item by mouse, finger or keyboard
 * (space, arrows through "still to place" and each item's place, space), or picks it from the list
 * beside the item, which suits a phone or a screen reader best. Each step is announced.
 */
export function ConnectBoard({
  left,
  right,
  matches,
  onMatches,
  label,
}: {
  left: ReadonlyArray<Item>
  right: ReadonlyArray<Item>
  matches: Matches
  onMatches: (matches: Matches) => void
  label: string
}) {
  const t = useT()
  const { locale } = useI18n()
  const rightById = useMemo(() => new Map(right.map((item) => [item.id, item])), [right])
  const leftById = useMemo(() => new Map(left.map((item) => [item.id, item])), [left])
  const placed = new Set(Object.values(matches))
  const unplaced = right.filter((item) => !placed.has(item.id))
  const targets = [poolId, ...left.map((item) => slotId(item.id))]
  const targetsRef = useRef(targets)
  targetsRef.current = targets
  const direction = directionOf(locale)
  const directionRef = useRef(direction)
  directionRef.current = direction
  const keyboard = useMemo(() => logicalKeyboard({ targets: () => targetsRef.current, direction: () => directionRef.current, orientation: 'vertical' }), [])
  const sensors = useDndSensors(keyboard.getter)
  const containerOf = (rightId: string) => {
    const leftId = Object.keys(matches).find((key) => matches[key] === rightId)
    return leftId === undefined ? poolId : slotId(leftId)
  }
  // Over its own place right after the pick-up is no move yet: the pick-up message stays.
  const moved = useRef(false)
  const textOf = (id: UniqueIdentifier) => rightById.get(String(id))?.text ?? ''
  const targetText = (over: UniqueIdentifier) => leftById.get(String(over).slice(slotId('').length))?.text ?? ''
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('questions.dnd.pickedUpMatch', { item: textOf(active.id) }),
    onDragOver: ({ active, over }) => {
      if (over === null || (over.id === containerOf(String(active.id)) && !moved.current)) return undefined
      moved.current = true
      return over.id === poolId
        ? t('questions.dnd.overPool', { item: textOf(active.id) })
        : t('questions.dnd.overItem', { item: textOf(active.id), target: targetText(over.id) })
    },
    onDragEnd: ({ active, over }) =>
      over === null
        ? t('questions.dnd.cancelledMatch', { item: textOf(active.id) })
        : over.id === poolId
          ? t('questions.dnd.backToPool', { item: textOf(active.id) })
          : t('questions.dnd.matched', { item: textOf(active.id), target: targetText(over.id) }),
    onDragCancel: ({ active }) => t('questions.dnd.cancelledMatch', { item: textOf(active.id) }),
  }
  const place = (rightId: string, target: string) => {
    onMatches(matchTo(matches, rightId, target))
    // The chip moved to another zone (a new element): give it the focus back there.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid=match-chip][data-id="${globalThis.CSS.escape(rightId)}"]`)?.focus())
  }
  const options = [{ value: none, label: t('questions.view.notMatched') }, ...right.map((item) => ({ value: item.id, label: item.text }))]
  const roleDescription = t('questions.dnd.draggable')
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('questions.dnd.instructions') } }}
      onDragStart={({ active }) => {
        moved.current = false
        keyboard.start(targets.indexOf(containerOf(String(active.id))))
      }}
      onDragEnd={({ active, over }) => {
        if (over !== null && over.id !== containerOf(String(active.id))) place(String(active.id), String(over.id))
      }}
    >
      <div role="group" aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="connect-board">
        <DropZone id={poolId} label={t('questions.view.toPlace')} testId="connect-pool">
          {unplaced.length === 0 ? (
            <span className={css({ color: 'fg.muted', fontSize: 'sm', paddingInline: '2' })}>{t('questions.view.allPlaced')}</span>
          ) : (
            unplaced.map((item) => <MatchChip key={item.id} item={item} roleDescription={roleDescription} />)
          )}
        </DropZone>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {left.map((item) => {
            const matched = matches[item.id] === undefined ? undefined : rightById.get(matches[item.id]!)
            return (
              <li
                key={item.id}
                data-testid="connect-row"
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr', md: 'minmax(8rem, 1fr) minmax(10rem, 1.2fr) minmax(10rem, 1fr)' },
                  gap: '2',
                  alignItems: 'center',
                })}
              >
                <span dir="auto" className={css({ fontWeight: 'medium' })}>
                  {item.text}
                </span>
                <DropZone id={slotId(item.id)} label={t('questions.view.matchFor', { item: item.text })} testId="connect-slot">
                  {matched ? (
                    <MatchChip item={matched} roleDescription={roleDescription} />
                  ) : (
                    <span className={css({ color: 'fg.muted', fontSize: 'sm', paddingInline: '2' })}>{t('questions.view.dropHere')}</span>
                  )}
                </DropZone>
                <Select
                  label={t('questions.view.matchFor', { item: item.text })}
                  options={options}
                  value={matched?.id ?? none}
                  onValueChange={(value) =>
                    onMatches(value === none ? matchTo(matches, matches[item.id] ?? '', poolId) : matchTo(matches, value, slotId(item.id)))
                  }
                  testId="connect-select"
                />
              </li>
            )
          })}
        </ul>
      </div>
    </DndContext>
  )
}
