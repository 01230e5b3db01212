import { type Observable, type Subscription, filter, fromEvent, map, throttleTime } from 'rxjs'
import { storageKeys } from './storage.ts'

/**
 * Changes another tab of this browser made to one localStorage key (`null` key: it cleared all).
 * The storage event reaches every other tab, never the one that made the change.
 */
const changedElsewhere$ = (target: Window, key: string, matches: (newValue: string | null) => boolean): Observable<void> =>
  fromEvent<StorageEvent>(target, 'storage').pipe(
    filter((event) => event.storageArea === target.localStorage && (event.key === key || event.key === null) && matches(event.newValue)),
    map(() => undefined),
  )

/** Another tab signed out (or timed out): it removed the shared tokens. */
export function signedOutElsewhere$(target: Window = window): Observable<void> {
  return changedElsewhere$(target, storageKeys.refreshToken, (newValue) => newValue === null)
}

const activityKey = 'fasl.activity'

/**
 * Tells the other tabs that the teacher is active here, at most every `everyMs`: two windows side by
 * side are both visible, and the one not in use must not time the shared session out.
 */
export function shareActivity(activity: Observable<void>, local: Pick<Storage, 'setItem'> = localStorage, everyMs = 5_000): Subscription {
  return activity.pipe(throttleTime(everyMs)).subscribe(() => local.setItem(activityKey, String(Date.now())))
}

/** Activity another tab shared. */
export function activityElsewhere$(target: Window = window): Observable<void> {
  return changedElsewhere$(target, activityKey, (newValue) => newValue !== null)
}
