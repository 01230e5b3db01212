import { browserLeaseEnvironment, requestLease } from './lease.ts'
import type { LogEvent } from './types.ts'

/** What one tab of an account tells the others about its event log. */
export type TabMessage =
  /**
   * An event is in IndexedDB now (any tab): the others add it at its place in the log (`seq`, the
   * log's key), so every tab folds one order; the leader delivers it if it is a command.
   */
  | { readonly type: 'appended'; readonly event: LogEvent; readonly seq: number }
  /** The leader's outbox state, so every tab shows the same "sending / waiting" line. */
  | { readonly type: 'status'; readonly status: SyncStatus; readonly serverTrouble: boolean }

export type SyncStatus = 'idle' | 'delivering' | 'paused' | 'backingOff'

export interface TabLink {
  post(message: TabMessage): void
  close(): void
}

/** The account's channel between tabs (BroadcastChannel; absent → this tab is alone). */
export function openTabLink(name: string, onMessage: (message: TabMessage) => void): TabLink {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined }
  const channel = new BroadcastChannel(name)
  channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data)
  return { post: (message) => channel.postMessage(message), close: () => channel.close() }
}

/**
 * Asks to lead the account's delivery and compaction: `onLead` runs once this tab holds the Web
 * Lock, which it keeps until `release` (or the tab closes, and the next tab in line takes over).
 * Without Web Locks (no secure context: a school server on plain http) a lease in localStorage
 * stands in (lease.ts); with neither (Node) the tab leads at once.
 */
export function requestLeadership(lockName: string, onLead: () => void): { release: () => void } {
  let release: () => void = () => undefined
  let released = false
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (locks === undefined) {
    const storage = typeof window !== 'undefined' && typeof localStorage !== 'undefined' ? localStorage : undefined
    if (storage !== undefined) {
      const lease = requestLease(lockName, onLead, browserLeaseEnvironment(storage))
      // Given back as the page goes (not into the back-forward cache: it may come back leading), so
      // the next tab leads at once rather than after the expiry.
      const leave = (event: PageTransitionEvent) => event.persisted || lease.release()
      window.addEventListener('pagehide', leave)
      return {
        release: () => {
          window.removeEventListener('pagehide', leave)
          lease.release()
        },
      }
    }
    queueMicrotask(() => released || onLead())
    return { release: () => void (released = true) }
  }
  const controller = new AbortController()
  locks
    .request(lockName, { signal: controller.signal }, () => {
      if (released) return undefined
      onLead()
      return new Promise<void>((resolve) => (release = resolve))
    })
    .catch(() => undefined) // aborted while waiting: this tab closed without ever leading
  return {
    release: () => {
      released = true
      controller.abort()
      release()
    },
  }
}
