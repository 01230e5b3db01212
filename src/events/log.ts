import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import type { LogEvent } from './events.ts'

interface LogDb extends DBSchema {
  /** Keyed by an auto-incremented sequence, so reading back gives the append order. */
  events: { key: number; value: LogEvent }
}

export interface EventLog {
  append(event: LogEvent): Promise<void>
  readAll(): Promise<LogEvent[]>
  /** Drops answered commands (and their answers) that a later server read already covers. */
  compact(): Promise<number>
  close(): void
}

/** The append-only event log in IndexedDB; the database name is the app's choice (e.g. per user). */
export async function openEventLog(dbName: string): Promise<EventLog> {
  const db: IDBPDatabase<LogDb> = await openDB<LogDb>(dbName, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('events', { autoIncrement: true })
    },
  })
  return {
    async append(event) {
      await db.add('events', event)
    },
    readAll: () => db.getAll('events'),
    async compact() {
      const tx = db.transaction('events', 'readwrite')
      const keys = await tx.store.getAllKeys()
      const events = await tx.store.getAll()
      const drop = compactableKeys(keys, events)
      await Promise.all([...drop.map((key) => tx.store.delete(key)), tx.done])
      return drop.length
    },
    close: () => db.close(),
  }
}

/**
 * Keys safe to drop: a command answered before the newest UserInfoLoaded, with its answer, and the
 * older UserInfoLoaded events. Unanswered commands are always kept — they are the teacher's work.
 */
export function compactableKeys(keys: ReadonlyArray<number>, events: ReadonlyArray<LogEvent>): number[] {
  const newestLoad = events.findLastIndex((e) => e.name === 'v1.UserInfoLoaded')
  if (newestLoad < 0) return []
  const answeredBefore = new Set<string>()
  events.slice(0, newestLoad).forEach((e) => {
    if (e.name === 'v1.CommandConfirmed' || e.name === 'v1.CommandRejected') answeredBefore.add(e.payload.commandId)
  })
  return keys.filter((_, i) => {
    const e = events[i]!
    if (i >= newestLoad) return false
    if (e.name === 'v1.UserInfoLoaded') return true
    if (e.name === 'v1.CommandConfirmed' || e.name === 'v1.CommandRejected') return answeredBefore.has(e.payload.commandId)
    return answeredBefore.has(e.id)
  })
}
