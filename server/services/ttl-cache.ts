import type { ClockService } from './clock.ts'

export interface TtlCache<V> {
  /** The value stored under `key` less than the time-to-live ago, if any. */
  readonly get: (key: string) => V | undefined
  readonly set: (key: string, value: V) => void
  /** Drops every entry whose key starts with `prefix` (this process changed what they hold). */
  readonly forget: (prefix: string) => void
}

/**
 * A small per-process cache for reads that change rarely and are asked for often: a value lives
 * `ttlMs` by the server's Clock, so another process's change shows within that time, and at most
 * `capacity` entries are kept (the oldest inserted goes first).
 */
export const ttlCache = <V>(clock: ClockService, ttlMs: number, capacity: number): TtlCache<V> => {
  const entries = new Map<string, { value: V; storedAt: number }>()
  return {
    get: (key) => {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (clock.now() - entry.storedAt < ttlMs) return entry.value
      entries.delete(key)
      return undefined
    },
    set: (key, value) => {
      entries.delete(key)
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!)
      entries.set(key, { value, storedAt: clock.now() })
    },
    forget: (prefix) => {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
    },
  }
}
