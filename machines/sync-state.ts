/**
 * The outbox's sync state as a value, after LiveStore's `syncstate.ts`: commands the server has not
 * answered yet, in the order the user made them, the ones set aside after failing, and how many
 * commands it has answered so far.
 *
 * It lives in machines/ because only the outbox machine calls `merge` (and machines/ imports no
 * client code); `src/events/sync-state.ts` re-exports it with the mapping from log events.
 */

/** The part of a command event the sync state needs; the event log's commands fit this shape. */
export interface SyncCommand {
  readonly id: string
  readonly name: string
}

export interface SyncState<C extends SyncCommand = SyncCommand> {
  /** Unanswered commands, oldest first; the head is the next to deliver. */
  readonly pending: ReadonlyArray<C>
  /** How many commands the server has answered (confirmed or rejected); only ever grows. */
  readonly confirmedHead: number
  /**
   * Commands the server could not process (failing past a few tries): out of the queue, so the ones
   * behind them go on, until the user retries (back at the end of the queue) or discards them.
   */
  readonly setAside: ReadonlyArray<C>
}

/** What happened in the log, as far as syncing is concerned. */
export type SyncEvent<C extends SyncCommand = SyncCommand> =
  | { readonly kind: 'command'; readonly command: C }
  | { readonly kind: 'confirmed'; readonly commandId: string }
  | { readonly kind: 'rejected'; readonly commandId: string }
  /** The outbox gave up on a command for now (`v1.CommandSetAside`). */
  | { readonly kind: 'setAside'; readonly commandId: string }
  /** The user asked to send a set-aside command again (`v1.CommandRetried`). */
  | { readonly kind: 'retried'; readonly commandId: string }
  /** The user dropped a set-aside command: its change is rolled back (`v1.CommandDiscarded`). */
  | { readonly kind: 'discarded'; readonly commandId: string }
  /** Anything else (server reads, pushes): no bearing on the outbox. */
  | { readonly kind: 'fact' }

export type MergeResult<C extends SyncCommand = SyncCommand> =
  | { readonly decision: 'enqueue'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'advance'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'rollback'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'setAside'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'ignore'; readonly state: SyncState<C>; readonly reason: 'duplicate-command' | 'unknown-command' | 'not-a-command' }

export const emptySyncState: SyncState<never> = { pending: [], confirmedHead: 0, setAside: [] }

/**
 * Decides what one event does to the sync state. Pure: the same state and event always give the
 * same answer, so replaying the log after a reload rebuilds exactly the state before it.
 */
export function merge<C extends SyncCommand>(state: SyncState<C>, event: SyncEvent<C>): MergeResult<C> {
  const ignore = (reason: 'duplicate-command' | 'unknown-command' | 'not-a-command'): MergeResult<C> => ({ decision: 'ignore', state, reason })
  switch (event.kind) {
    case 'command': {
      // A command appended twice (a retried append, a replayed log) is delivered once.
      if (state.pending.some((c) => c.id === event.command.id) || state.setAside.some((c) => c.id === event.command.id)) return ignore('duplicate-command')
      return { decision: 'enqueue', state: { ...state, pending: [...state.pending, event.command] }, command: event.command }
    }
    case 'confirmed':
    case 'rejected': {
      const command = state.pending.find((c) => c.id === event.commandId)
      // A second answer to the same command (redelivery after a reload) changes nothing.
      if (!command) return ignore('unknown-command')
      const next = { ...state, pending: state.pending.filter((c) => c !== command), confirmedHead: state.confirmedHead + 1 }
      return { decision: event.kind === 'confirmed' ? 'advance' : 'rollback', state: next, command }
    }
    case 'setAside': {
      const command = state.pending.find((c) => c.id === event.commandId)
      if (!command) return ignore('unknown-command')
      return { decision: 'setAside', state: { ...state, pending: state.pending.filter((c) => c !== command), setAside: [...state.setAside, command] }, command }
    }
    case 'retried': {
      // Back at the end of the queue: the commands that went on meanwhile are not overtaken again.
      const command = state.setAside.find((c) => c.id === event.commandId)
      if (!command) return ignore('unknown-command')
      return { decision: 'enqueue', state: { ...state, pending: [...state.pending, command], setAside: state.setAside.filter((c) => c !== command) }, command }
    }
    case 'discarded': {
      // Only a set-aside command: one in the queue may be on its way, and the server may apply it.
      const command = state.setAside.find((c) => c.id === event.commandId)
      if (!command) return ignore('unknown-command')
      return { decision: 'rollback', state: { ...state, setAside: state.setAside.filter((c) => c !== command) }, command }
    }
    case 'fact':
      return ignore('not-a-command')
  }
}
