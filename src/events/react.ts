import { useSyncExternalStore } from 'react'
import type { EventStore, EventStoreSnapshot } from './store.ts'

/** The store's snapshot (events, sync state, projections); re-renders when it changes. */
export function useEventStore(store: Pick<EventStore, 'subscribe' | 'getSnapshot'>): EventStoreSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
