import { useSyncExternalStore } from 'react'
import type { EventStore, EventStoreSnapshot } from './store.ts'

/** The store's snapshot (events, sync state, projection views); re-renders when it changes. */
export function useEventStore(store: Pick<EventStore, 'subscribe' | 'getSnapshot'>): EventStoreSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}

/** One projection's view, by its id. */
export function useProjection<V>(store: Pick<EventStore, 'subscribe' | 'getSnapshot'>, projectionId: string): V {
  return useEventStore(store).views[projectionId] as V
}
