import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import type { LogEvent } from './types.ts'

interface LogDb extends DBSchema {
  /** Keyed by an auto-incremented sequence, so reading back gives the append order. */
  events: { key: number; value: LogEvent }
  /** File bytes, referred to from event payloads by id, anywhere in them (so the log stays small and readable). */
  files: { key: string; value: Uint8Array }
  /** Records a restore could not read: kept for a later version (or a bug report), out of the log. */
  quarantine: { key: number; value: { record: unknown; reason: string; at: number } }
  /**
   * Work not yet sent that no event names (a recording waiting for its upload), by a key its owner
   * chooses; kept until the owner forgets it, never collected by compaction.
   */
  kept: { key: string; value: KeptFile }
}

export interface KeptFile {
  readonly bytes: Uint8Array
  readonly type: string
}

export interface StoredRecord {
  readonly key: number
  readonly value: unknown
}

export interface EventLog {
  /** Adds an event at the end; answers its sequence (the log's key), one order for every tab of the account. */
  append(event: LogEvent): Promise<number>
  readRecords(): Promise<StoredRecord[]>
  /** Rewrites one record (an upcast event), so the old shape is read only once. */
  replace(key: number, event: LogEvent): Promise<void>
  /** Moves one record out of the log, with why. */
  quarantine(key: number, reason: string): Promise<void>
  quarantined(): Promise<Array<{ record: unknown; reason: string }>>
  /** Drops the events with these ids, then the files no remaining event refers to (anywhere in its payload). */
  drop(ids: ReadonlySet<string>): Promise<number>
  putFile(fileId: string, bytes: Uint8Array): Promise<void>
  getFile(fileId: string): Promise<Uint8Array | undefined>
  keep(key: string, file: KeptFile): Promise<void>
  kept(key: string): Promise<KeptFile | undefined>
  forget(key: string): Promise<void>
  close(): void
}

/**
 * Every string an event's payload holds, however deep (objects and arrays, not bytes): a stored
 * file is referred to by its id anywhere in a payload (`fileId`, a list of answers' recordings …),
 * so the log keeps a file while any string of any event names it.
 */
export const stringsIn = (event: unknown): Set<string> => {
  const found = new Set<string>()
  const walk = (value: unknown, depth: number): void => {
    if (typeof value === 'string') found.add(value)
    else if (depth < 32 && typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
      for (const item of Array.isArray(value) ? value : Object.values(value)) walk(item, depth + 1)
    }
  }
  walk((event as { payload?: unknown } | null)?.payload, 0)
  return found
}

/**
 * The append-only event log in IndexedDB (per account: the app picks the name). Version 1 had only
 * `events`, with file bytes inline; version 2 adds `files` and `quarantine` (the bytes move out when
 * their events are upcast at restore); version 3 adds `kept`.
 */
export async function openEventLog(dbName: string): Promise<EventLog> {
  const db: IDBPDatabase<LogDb> = await openDB<LogDb>(dbName, 3, {
    upgrade(upgrading, oldVersion) {
      if (oldVersion < 1) upgrading.createObjectStore('events', { autoIncrement: true })
      if (oldVersion < 2) {
        upgrading.createObjectStore('files')
        upgrading.createObjectStore('quarantine', { autoIncrement: true })
      }
      if (oldVersion < 3) upgrading.createObjectStore('kept')
    },
  })
  return {
    append: (event) => db.add('events', event),
    async readRecords() {
      const records: StoredRecord[] = []
      let cursor = await db.transaction('events').store.openCursor()
      while (cursor) {
        records.push({ key: cursor.key, value: cursor.value })
        cursor = await cursor.continue()
      }
      return records
    },
    async replace(key, event) {
      await db.put('events', event, key)
    },
    async quarantine(key, reason) {
      const tx = db.transaction(['events', 'quarantine'], 'readwrite')
      const record: unknown = await tx.objectStore('events').get(key)
      await tx.objectStore('quarantine').add({ record, reason, at: Date.now() })
      await tx.objectStore('events').delete(key)
      await tx.done
    },
    quarantined: async () => (await db.getAll('quarantine')).map(({ record, reason }) => ({ record, reason })),
    async drop(ids) {
      const tx = db.transaction(['events', 'files'], 'readwrite')
      const events = tx.objectStore('events')
      const referenced = new Set<string>()
      let dropped = 0
      let cursor = await events.openCursor()
      while (cursor) {
        const value: unknown = cursor.value
        const id = (value as { id?: unknown } | null)?.id
        if (typeof id === 'string' && ids.has(id)) {
          await cursor.delete()
          dropped++
        } else stringsIn(value).forEach((text) => referenced.add(text))
        cursor = await cursor.continue()
      }
      const files = tx.objectStore('files')
      for (const fileId of await files.getAllKeys()) if (!referenced.has(fileId)) await files.delete(fileId)
      await tx.done
      return dropped
    },
    async putFile(fileId, bytes) {
      await db.put('files', bytes, fileId)
    },
    getFile: (fileId) => db.get('files', fileId),
    async keep(key, file) {
      await db.put('kept', file, key)
    },
    kept: (key) => db.get('kept', key),
    forget: (key) => db.delete('kept', key),
    close: () => db.close(),
  }
}
