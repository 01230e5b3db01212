import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core'
import { stepForKey, steppedIndex, type Direction, type Orientation } from '../rtl-keys.ts'

/**
 * A keyboard for dnd-kit's KeyboardSensor that steps through drop targets in their logical order
 * (rtl-keys.ts: in Arabic a row reads from the right, so ArrowLeft is "next"), instead of the
 * default's geometry. Each press centres the dragged item on the next target, so the collision
 * check (closestCenter) finds exactly that target.
 */
export interface LogicalKeyboard {
  /** Call on drag start: where the dragged item is now, as an index into `targets()`. */
  readonly start: (index: number) => void
  readonly getter: KeyboardCoordinateGetter
}

export const logicalKeyboard = (options: {
  readonly targets: () => ReadonlyArray<UniqueIdentifier>
  readonly direction: () => Direction
  readonly orientation: Orientation
}): LogicalKeyboard => {
  let index = 0
  return {
    start: (at) => {
      index = at
    },
    getter: (event, { currentCoordinates, context }) => {
      const step = stepForKey(event.code, options.direction(), options.orientation)
      if (step === 0) return undefined
      event.preventDefault()
      const targets = options.targets()
      const next = steppedIndex(index, step, targets.length)
      const target = context.droppableRects.get(targets[next]!)
      const current = context.collisionRect
      if (target === undefined || current === null) return undefined
      index = next
      return {
        x: currentCoordinates.x + target.left + target.width / 2 - (current.left + current.width / 2),
        y: currentCoordinates.y + target.top + target.height / 2 - (current.top + current.height / 2),
      }
    },
  }
}
