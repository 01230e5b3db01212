import type { OutboxCommand } from '../../machines/outbox.machine.ts'
import type { SyncEvent } from '../../machines/sync-state.ts'
import type { LogEvent } from './types.ts'

export { emptySyncState, merge, type MergeResult, type SyncEvent, type SyncState } from '../../machines/sync-state.ts'

/** What a log event means to the outbox; `isCommand` says which event names are commands. */
export function toSyncEvent(event: LogEvent, isCommand: (name: string) => boolean): SyncEvent<OutboxCommand> {
  if (isCommand(event.name)) return { kind: 'command', command: event }
  if (event.name === 'v1.CommandConfirmed') return { kind: 'confirmed', commandId: (event.payload as { commandId: string }).commandId }
  if (event.name === 'v1.CommandRejected') return { kind: 'rejected', commandId: (event.payload as { commandId: string }).commandId }
  if (event.name === 'v1.CommandSetAside') return { kind: 'setAside', commandId: (event.payload as { commandId: string }).commandId }
  if (event.name === 'v1.CommandRetried') return { kind: 'retried', commandId: (event.payload as { commandId: string }).commandId }
  if (event.name === 'v1.CommandDiscarded') return { kind: 'discarded', commandId: (event.payload as { commandId: string }).commandId }
  return { kind: 'fact' }
}
