import { lifecycleEventNames } from './catalogue.ts'
import type { LogEvent } from './types.ts'

/** A command the outbox set aside after failing: what the server said last, and when. */
export interface SetAsideCommand {
  readonly command: LogEvent
  readonly code: string | number
  readonly message: string
  readonly at: number
}

export interface CommandLifecycle {
  /** Unanswered commands still in a queue, in log order. */
  readonly pending: ReadonlyArray<LogEvent>
  /** Commands waiting for the user's retry or discard, in log order. */
  readonly setAside: ReadonlyArray<SetAsideCommand>
  /** Commands the user discarded: rolled back, never sent. */
  readonly discarded: ReadonlySet<string>
}

const commandIdOf = (event: LogEvent) => (event.payload as { commandId: string }).commandId

/**
 * Where each command of the log stands, from the store's own events (DESIGN point 7: the store owns
 * the lifecycle once; projections fold only their domain events). Pure: the same log, the same answer.
 */
export function lifecycleOf(events: ReadonlyArray<LogEvent>, isCommand: (name: string) => boolean): CommandLifecycle {
  const state = new Map<
    string,
    | { command: LogEvent; status: 'pending' | 'answered' | 'discarded' }
    | { command: LogEvent; status: 'setAside'; code: string | number; message: string; at: number }
  >()
  for (const event of events) {
    if (isCommand(event.name)) {
      if (!state.has(event.id)) state.set(event.id, { command: event, status: 'pending' })
      continue
    }
    const entry = lifecycleEventNames.has(event.name) ? state.get(commandIdOf(event)) : undefined
    if (!entry || entry.status === 'answered' || entry.status === 'discarded') continue
    const { command } = entry
    if (event.name === 'v1.CommandConfirmed' || event.name === 'v1.CommandRejected') state.set(command.id, { command, status: 'answered' })
    else if (event.name === 'v1.CommandSetAside' && entry.status === 'pending') {
      const { code, message } = event.payload as { code: string | number; message: string }
      state.set(command.id, { command, status: 'setAside', code, message, at: event.at })
    } else if (event.name === 'v1.CommandRetried' && entry.status === 'setAside') state.set(command.id, { command, status: 'pending' })
    else if (event.name === 'v1.CommandDiscarded' && entry.status === 'setAside') state.set(command.id, { command, status: 'discarded' })
  }
  const pending: LogEvent[] = []
  const setAside: SetAsideCommand[] = []
  const discarded = new Set<string>()
  for (const entry of state.values()) {
    if (entry.status === 'pending') pending.push(entry.command)
    else if (entry.status === 'setAside') setAside.push({ command: entry.command, code: entry.code, message: entry.message, at: entry.at })
    else if (entry.status === 'discarded') discarded.add(entry.command.id)
  }
  return { pending, setAside, discarded }
}

/** What projections fold: the log without discarded commands, so their optimistic change is gone. */
export const visibleEvents = (events: ReadonlyArray<LogEvent>, discarded: ReadonlySet<string>): ReadonlyArray<LogEvent> =>
  discarded.size === 0 ? events : events.filter((event) => !discarded.has(event.id))

/** What compaction may drop of a discarded command: the command and every store event about it. */
export const discardedIds = (events: ReadonlyArray<LogEvent>, discarded: ReadonlySet<string>): string[] =>
  events.filter((event) => discarded.has(event.id) || (lifecycleEventNames.has(event.name) && discarded.has(commandIdOf(event)))).map((event) => event.id)
