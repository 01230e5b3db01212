import type { LogEvent } from './types.ts'

/**
 * The one order of an account's log on every tab. Each tab writes its appends to the one IndexedDB
 * log, whose key generator numbers them in the order the database took them: that number is the
 * event's sequence, sent with it to the other tabs. Every tab keeps its events by sequence, whatever
 * order the messages arrive in; its own appends not yet written have none and go last, in append order.
 */
export function createLogOrder() {
  const seqOf = new Map<string, number>()
  /** `list` with `event` at its place: after every event with a lower sequence, before the unwritten ones. */
  const placed = (list: ReadonlyArray<LogEvent>, event: LogEvent, seq: number): LogEvent[] => {
    seqOf.set(event.id, seq)
    const at = list.findIndex((other) => (seqOf.get(other.id) ?? Infinity) > seq)
    return at < 0 ? [...list, event] : [...list.slice(0, at), event, ...list.slice(at)]
  }
  return {
    /** `list` with `event` added: at its sequence, or last while it has none. */
    add: (list: ReadonlyArray<LogEvent>, event: LogEvent, seq?: number): LogEvent[] => (seq === undefined ? [...list, event] : placed(list, event, seq)),
    /**
     * `list` once this tab's own append is written with `seq`: moved to its place if another tab's
     * event came in meanwhile; the very same list when nothing moved (the snapshot keeps its identity).
     */
    written: (list: ReadonlyArray<LogEvent>, event: LogEvent, seq: number): ReadonlyArray<LogEvent> => {
      const others = list.filter((e) => e.id !== event.id)
      const moved = others.length === list.length ? list : placed(others, event, seq)
      seqOf.set(event.id, seq)
      return moved.some((e, index) => e !== list[index]) ? moved : list
    },
    clear: () => seqOf.clear(),
  }
}
