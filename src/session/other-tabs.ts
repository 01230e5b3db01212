import { type Observable, type Subscription, filter, fromEvent, map, throttleTime } from 'rxjs'
import { storageKeys } from './storage.ts'

/**
 * Another tab of this browser signed out (or timed out): it removed the shared tokens. The storage
 * event reaches every other tab, never the one that made the change.
 */
export function signedOutElsewhere$(target: Window = window): Observable<void> {
  return fromEvent<StorageEvent>(target, 'storage').pipe(
    filter((event) => event.storageArea === target.localStorage && (event.key === null || event.key === storageKeys.refreshToken) && event.newValue === null),
    map(() => undefined),
  )
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
  return fromEvent<StorageEvent>(target, 'storage').pipe(
    filter((event) => event.storageArea === target.localStorage && event.key === activityKey && event.newValue !== null),
    map(() => undefined),
  )
}
