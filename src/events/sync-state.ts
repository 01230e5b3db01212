import type { SyncEvent } from '../../machines/sync-state.ts'
import { type Command, type LogEvent, isCommand } from './events.ts'

export { emptySyncState, merge, type MergeResult, type SyncEvent, type SyncState } from '../../machines/sync-state.ts'

/** What a log event means to the outbox. */
export function toSyncEvent(event: LogEvent): SyncEvent<Command> {
  if (isCommand(event)) return { kind: 'command', command: event }
  if (event.name === 'v1.CommandConfirmed') return { kind: 'confirmed', commandId: event.payload.commandId }
  if (event.name === 'v1.CommandRejected') return { kind: 'rejected', commandId: event.payload.commandId }
  return { kind: 'fact' }
}
