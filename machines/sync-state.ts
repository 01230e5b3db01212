/**
 * The outbox's sync state as a value, after LiveStore's `syncstate.ts`: commands the server has not
 * answered yet, in the order the user made them, and how many commands it has answered so far.
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
}

/** What happened in the log, as far as syncing is concerned. */
export type SyncEvent<C extends SyncCommand = SyncCommand> =
  | { readonly kind: 'command'; readonly command: C }
  | { readonly kind: 'confirmed'; readonly commandId: string }
  | { readonly kind: 'rejected'; readonly commandId: string }
  /** Anything else (server reads, pushes): no bearing on the outbox. */
  | { readonly kind: 'fact' }

export type MergeResult<C extends SyncCommand = SyncCommand> =
  | { readonly decision: 'enqueue'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'advance'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'rollback'; readonly state: SyncState<C>; readonly command: C }
  | { readonly decision: 'ignore'; readonly state: SyncState<C>; readonly reason: 'duplicate-command' | 'unknown-command' | 'not-a-command' }

export const emptySyncState: SyncState<never> = { pending: [], confirmedHead: 0 }

/**
 * Decides what one event does to the sync state. Pure: the same state and event always give the
 * same answer, so replaying the log after a reload rebuilds exactly the state before it.
 */
export function merge<C extends SyncCommand>(state: SyncState<C>, event: SyncEvent<C>): MergeResult<C> {
  switch (event.kind) {
    case 'command': {
      // A command appended twice (a retried append, a replayed log) is delivered once.
      if (state.pending.some((c) => c.id === event.command.id)) return { decision: 'ignore', state, reason: 'duplicate-command' }
      return { decision: 'enqueue', state: { ...state, pending: [...state.pending, event.command] }, command: event.command }
    }
    case 'confirmed':
    case 'rejected': {
      const command = state.pending.find((c) => c.id === event.commandId)
      // A second answer to the same command (redelivery after a reload) changes nothing.
      if (!command) return { decision: 'ignore', state, reason: 'unknown-command' }
      const next = { pending: state.pending.filter((c) => c !== command), confirmedHead: state.confirmedHead + 1 }
      return { decision: event.kind === 'confirmed' ? 'advance' : 'rollback', state: next, command }
    }
    case 'fact':
      return { decision: 'ignore', state, reason: 'not-a-command' }
  }
}
