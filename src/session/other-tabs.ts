import { type Observable, filter, fromEvent, map } from 'rxjs'
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
