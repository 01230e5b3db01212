import { versionOf } from './fold.ts'
import type { Lifecycle, LogEvent } from './types.ts'

/** One record as a page shows it: the server's newest state with this device's unanswered commands applied. */
export interface ReadModel<T, P = unknown> {
  /** `confirmed` with the waiting commands applied, oldest first (optimistic). */
  readonly value: T
  /** The newer (by version) of the page's read and the newest answer this device's own commands got. */
  readonly confirmed: T
  /** This record's commands the server has not answered yet. */
  readonly waiting: ReadonlyArray<LogEvent<P>>
}

/**
 * One model of a record for a page, instead of two copies reconciled by hand: the page reads the
 * record from the server once; a write of this device answered later carries the record as the
 * server then held it (a newer version), so the newer of the two is the server's word, and the
 * commands still waiting are applied on top. Null while the page's read has not come.
 */
export function readWithPending<T, P>(
  read: T | null,
  lifecycle: Lifecycle<P>,
  record: string | number,
  apply: (value: T, command: LogEvent<P>) => T,
): ReadModel<T, P> | null {
  if (read === null) return null
  const mine = lifecycle.latest[String(record)] as T | undefined
  const confirmed = mine !== undefined && (versionOf(mine) ?? 0) > (versionOf(read) ?? 0) ? mine : read
  return readWithWaiting(confirmed, lifecycle, record, apply)
}

/**
 * The same one model for a read no answer carries: a list, whose writes each answer with one of its
 * items. The read with the record's waiting commands applied; the page reads it again once one of
 * them is answered (the list is then what the server holds).
 */
export function readWithWaiting<T, P>(
  read: T,
  lifecycle: Lifecycle<P>,
  record: string | number,
  apply: (value: T, command: LogEvent<P>) => T,
): ReadModel<T, P> {
  const waiting = lifecycle.waiting[String(record)] ?? []
  return { value: waiting.reduce(apply, read), confirmed: read, waiting }
}
