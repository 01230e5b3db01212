import { useEffect, useRef, type RefObject } from 'react'

/**
 * A horizontal swipe across a student's work moves to the next or previous student, as turning a
 * page does: the finger pushes the work toward the inline start and the next student comes in from
 * the inline end, where a reader of the language looks for what follows. In English that is a swipe
 * to the left; in Arabic, read from right to left (books open and carousels advance that way), a
 * swipe to the right brings the next student and a swipe to the left the previous one.
 *
 * A swipe is at least a fifth of the screen's width (and 48 px), and at least twice as wide as it
 * is tall: a page scrolled up or down with a slanted finger moves no one.
 */
export const swipeStepOf = ({ dx, dy, rtl, width }: { dx: number; dy: number; rtl: boolean; width: number }): 1 | -1 | null => {
  if (Math.abs(dx) < Math.max(48, width / 5) || Math.abs(dx) < 2 * Math.abs(dy)) return null
  const towardInlineStart = rtl ? dx > 0 : dx < 0
  return towardInlineStart ? 1 : -1
}

/**
 * Where a touch belongs to something else: typing and choosing, media players, anything dragged
 * (the questions' drag and drop marks its handles with a role description), and what opts out.
 */
const ownGesture =
  'input, textarea, select, [contenteditable="true"], audio, video, [draggable="true"], [aria-roledescription], [role="slider"], [data-no-swipe]'

/** A touch that starts inside something scrolled sideways (a wide table, a long formula) scrolls it. */
const insideSidewaysScroller = (target: Element, area: Element): boolean => {
  for (let element: Element | null = target; element !== null && element !== area; element = element.parentElement) {
    const overflow = getComputedStyle(element).overflowX
    if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth) return true
  }
  return false
}

/**
 * Calls `onStep` when a single finger swipes across `area`, while `listening` (the element is there
 * then). A ref, not state: keeping the element in state would render the whole page twice before its first paint. The listeners are passive and never
 * cancel the touch: the browser's own scrolling, zooming and text selection go on as they would.
 * A pinch, a zoomed-in page (the finger pans it), a selection being made and a touch that starts
 * where it means something else are not swipes. While it listens, the page's sideways overscroll
 * does not turn into the browser's history swipe (back to the list under her finger).
 */
export const useSwipe = (area: RefObject<HTMLElement | null>, listening: boolean, onStep: (step: 1 | -1) => void): void => {
  const latest = useRef(onStep)
  useEffect(() => {
    latest.current = onStep
  })
  useEffect(() => {
    const element = area.current
    if (!listening || element === null) return
    let start: { x: number; y: number } | null = null
    const onStart = (event: TouchEvent) => {
      const target = event.target instanceof Element ? event.target : null
      const zoomed = (window.visualViewport?.scale ?? 1) > 1.01
      start =
        event.touches.length === 1 && target !== null && !zoomed && target.closest(ownGesture) === null && !insideSidewaysScroller(target, element)
          ? { x: event.touches[0]!.clientX, y: event.touches[0]!.clientY }
          : null
    }
    const onMove = (event: TouchEvent) => {
      if (event.touches.length > 1) start = null
    }
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0]
      const from = start
      start = null
      if (from === null || touch === undefined || event.touches.length > 0) return
      if (window.getSelection()?.isCollapsed === false) return
      const rtl = getComputedStyle(element).direction === 'rtl'
      const step = swipeStepOf({ dx: touch.clientX - from.x, dy: touch.clientY - from.y, rtl, width: window.innerWidth })
      if (step !== null) latest.current(step)
    }
    const onCancel = () => {
      start = null
    }
    // The browser's own sideways swipe (Chrome goes back or forward in its history) would answer the same finger.
    const root = document.documentElement.style
    const overscroll = root.overscrollBehaviorX
    root.overscrollBehaviorX = 'none'
    element.addEventListener('touchstart', onStart, { passive: true })
    element.addEventListener('touchmove', onMove, { passive: true })
    element.addEventListener('touchend', onEnd, { passive: true })
    element.addEventListener('touchcancel', onCancel, { passive: true })
    return () => {
      root.overscrollBehaviorX = overscroll
      element.removeEventListener('touchstart', onStart)
      element.removeEventListener('touchmove', onMove)
      element.removeEventListener('touchend', onEnd)
      element.removeEventListener('touchcancel', onCancel)
    }
  }, [area, listening])
}
