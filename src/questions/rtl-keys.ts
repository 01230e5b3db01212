/**
 * Arrow keys for lists a student reorders or matches with the keyboard. A step is logical (−1 the
 * previous entry, +1 the next), so a list laid out in a row reads from the right in Arabic: there
 * ArrowLeft goes forward and ArrowRight back, as a reader expects. Up and down are the same in both.
 */
export type Direction = 'ltr' | 'rtl'
export type Orientation = 'vertical' | 'horizontal' | 'both'
export type Step = -1 | 0 | 1

export const stepForKey = (code: string, direction: Direction, orientation: Orientation): Step => {
  const vertical = orientation !== 'horizontal'
  const horizontal = orientation !== 'vertical'
  if (vertical && code === 'ArrowUp') return -1
  if (vertical && code === 'ArrowDown') return 1
  if (horizontal && code === 'ArrowRight') return direction === 'rtl' ? -1 : 1
  if (horizontal && code === 'ArrowLeft') return direction === 'rtl' ? 1 : -1
  return 0
}

/** The index a step leads to, held at both ends (no wrap-around: a screen reader user hears the end). */
export const steppedIndex = (index: number, step: Step, length: number): number => Math.max(0, Math.min(length - 1, index + step))
