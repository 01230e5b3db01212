import { type Observable, distinctUntilChanged, fromEvent, map, merge, startWith, throttleTime } from 'rxjs'

/** The interactions that count as "the teacher is here" for the idle timer (spec section 4). */
export const activityEventNames = ['mousemove', 'mousedown', 'keydown', 'focus', 'touchstart', 'wheel'] as const

export interface ActivityTarget {
  addEventListener(type: string, listener: (event: Event) => void, options?: AddEventListenerOptions | boolean): void
  removeEventListener(type: string, listener: (event: Event) => void, options?: EventListenerOptions | boolean): void
}

/**
 * One emission per burst of interaction: a mouse move fires hundreds of events, the session machine
 * only needs to hear that the timer should restart, so the stream is throttled (leading edge).
 */
export function activity$(target: ActivityTarget = window, throttleMs = 1000): Observable<void> {
  // Passive + capture: focus does not bubble, and listening must never slow scrolling.
  const options = { passive: true, capture: true }
  return merge(...activityEventNames.map((name) => fromEvent(target, name, options))).pipe(
    throttleTime(throttleMs),
    map(() => undefined),
  )
}

export interface VisibilitySource extends ActivityTarget {
  readonly visibilityState: string
}

/** Whether the tab is visible: the current value first, then each change. */
export function visibility$(doc: VisibilitySource = document): Observable<boolean> {
  return fromEvent(doc, 'visibilitychange').pipe(
    map(() => doc.visibilityState === 'visible'),
    startWith(doc.visibilityState === 'visible'),
    distinctUntilChanged(),
  )
}
