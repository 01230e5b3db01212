import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type KeyboardCoordinateGetter } from '@dnd-kit/core'

/**
 * Mouse, touch and keyboard. Touch waits a moment before a drag starts, so a finger can still
 * scroll the page over the items; the keyboard steps in reading order (logical-keyboard.ts).
 */
export const useDndSensors = (coordinateGetter: KeyboardCoordinateGetter) =>
  useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  )
