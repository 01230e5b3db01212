import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { EventStore, EventStoreSnapshot } from './store.ts'

/** The store's snapshot (events, sync state, projection views); re-renders when it changes. */
export function useEventStore(store: Pick<EventStore, 'subscribe' | 'getSnapshot'>): EventStoreSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}

/** One projection's view, by its id. */
export function useProjection<V>(store: Pick<EventStore, 'subscribe' | 'getSnapshot'>, projectionId: string): V {
  return useEventStore(store).views[projectionId] as V
}

/**
 * Runs `onRefused` when the server refuses one of this device's commands while the page is open
 * (`refusalId`: the newest refusal the page cares about), not for the refusals the log already held
 * when it was read back: a page reads its data once, and again only when a refusal says the server
 * holds something else.
 */
export function useOnRefusal(restored: boolean, refusalId: string | null, onRefused: () => void): void {
  const seen = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    if (!restored) return
    if (seen.current !== undefined && refusalId !== null && refusalId !== seen.current) onRefused()
    seen.current = refusalId
  }, [restored, refusalId, onRefused])
}
