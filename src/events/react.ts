import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import type { EventStore, EventStoreSnapshot } from './store.ts'

/**
 * The signed-in account's event store, provided by the signed-in frame (src/layout/app-layout.tsx,
 * which src/app/event-store.ts gives it) to itself and every page inside it: pages and shell
 * services take it from here, never from a module global. The frame is the root of every page that
 * has a store; the sign-in page loads neither, so the store never enters its JavaScript.
 */
const EventStoreContext = createContext<EventStore | null>(null)

export const EventStoreProvider = EventStoreContext.Provider

/** The event store of the page's account (throws outside the signed-in frame: such a page has none). */
export function useEventStore(): EventStore {
  const store = useContext(EventStoreContext)
  if (store === null) throw new Error('No EventStoreProvider')
  return store
}

/** The store's snapshot (events, sync state, projection views); re-renders when it changes. */
export function useStoreSnapshot(): EventStoreSnapshot {
  const store = useEventStore()
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
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
