import { closestCenter, DndContext, type Announcements, type UniqueIdentifier } from '@dnd-kit/core'
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useMemo, useRef } from 'react'
import { css } from 'styled-system/css'
import type { Item } from '../../../contracts/questions/parts.ts'
import { directionOf } from '../../i18n/locale-store.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { logicalKeyboard } from './logical-keyboard.ts'
import { useDndSensors } from './use-dnd-sensors.ts'

export const chipStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '11',
  paddingInline: '3',
  paddingBlock: '2',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  boxShadow: 'xs',
  cursor: 'grab',
  userSelect: 'none',
  touchAction: 'manipulation',
  fontSize: 'md',
  '&[aria-pressed=true]': { cursor: 'grabbing', borderColor: 'accent.default', boxShadow: 'lg', bg: 'accent.subtle' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
})

function SortableChip({ item, position, roleDescription, disabled }: { item: Item; position: string; roleDescription: string; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
    attributes: { roleDescription },
  })
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 1 : undefined, position: 'relative' }}>
      <div ref={setActivatorNodeRef} className={chipStyle} {...attributes} {...listeners} data-testid="order-item" data-id={item.id}>
        <span aria-hidden className={css({ color: 'fg.muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })}>
          {position}
        </span>
        <span dir="auto">{item.text.trim() === '' ? '…' : item.text}</span>
      </div>
    </li>
  )
}

/**
 * Items the student puts in order: dragged by mouse or finger, or moved with the keyboard (space to
 * pick up, arrows in reading order, space to drop), each step announced in the user's language.
 * A row that wraps: in Arabic the first item is at the right.
 */
export function SortableRow({
  items,
  order,
  onOrder,
  label,
  disabled = false,
}: {
  items: ReadonlyArray<Item>
  order: ReadonlyArray<string>
  onOrder: (order: ReadonlyArray<string>) => void
  label: string
  disabled?: boolean
}) {
  const t = useT()
  const { intl, locale } = useI18n()
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items])
  const ordered = order.map((id) => byId.get(id)).filter((item): item is Item => item !== undefined)
  const ids = ordered.map((item) => item.id)
  const idsRef = useRef(ids)
  idsRef.current = ids
  const direction = directionOf(locale)
  const directionRef = useRef(direction)
  directionRef.current = direction
  const keyboard = useMemo(() => logicalKeyboard({ targets: () => idsRef.current, direction: () => directionRef.current, orientation: 'both' }), [])
  const sensors = useDndSensors(keyboard.getter)
  // dnd-kit reports the item over itself as soon as it is picked up: that is no move yet, the pick-up message stays.
  const moved = useRef(false)
  const textOf = (id: UniqueIdentifier) => byId.get(String(id))?.text ?? ''
  const position = (id: UniqueIdentifier | undefined) => intl.formatNumber(ids.indexOf(String(id)) + 1)
  const total = intl.formatNumber(ids.length)
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('questions.dnd.pickedUp', { item: textOf(active.id), position: position(active.id), total }),
    onDragOver: ({ active, over }) => {
      if (over === null || (over.id === active.id && !moved.current)) return undefined
      moved.current = true
      return t('questions.dnd.moved', { item: textOf(active.id), position: position(over.id), total })
    },
    onDragEnd: ({ active, over }) => t('questions.dnd.dropped', { item: textOf(active.id), position: position(over?.id ?? active.id), total }),
    onDragCancel: ({ active }) => t('questions.dnd.cancelled', { item: textOf(active.id), position: position(active.id), total }),
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('questions.dnd.instructions') } }}
      onDragStart={({ active }) => {
        moved.current = false
        keyboard.start(ids.indexOf(String(active.id)))
      }}
      onDragEnd={({ active, over }) => {
        if (over === null || over.id === active.id) return
        onOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))))
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ol aria-label={label} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', paddingBlock: '1' })} data-testid="order-list">
          {ordered.map((item, index) => (
            <SortableChip key={item.id} item={item} position={intl.formatNumber(index + 1)} roleDescription={t('questions.dnd.sortable')} disabled={disabled} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}
