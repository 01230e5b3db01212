import { lifecycleEventNames } from './catalogue.ts'
import type { LogEvent } from './types.ts'

/** A command the outbox set aside after failing: what the server said last, and when. */
export interface SetAsideCommand {
  readonly command: LogEvent
  readonly code: string | number
  readonly message: string
  readonly at: number
}

/** The server's word on one command, where it stands in the log (`at`: its answer's index). */
export type Answer<P = unknown> =
  | { readonly kind: 'confirmed'; readonly command: LogEvent<P>; readonly result: unknown; readonly at: number }
  | {
      readonly kind: 'refused'
      readonly command: LogEvent<P>
      readonly code: string | number
      readonly message: string
      /** A validation refusal's messages by field, when the server gave them. */
      readonly fields: Readonly<Record<string, string>>
      readonly at: number
    }

export type Refusal<P = unknown> = Extract<Answer<P>, { kind: 'refused' }>

type Entry =
  | { readonly command: LogEvent; readonly status: 'pending' | 'discarded' }
  | { readonly command: LogEvent; readonly status: 'setAside'; readonly setAside: SetAsideCommand }
  | { readonly command: LogEvent; readonly status: 'answered'; readonly answer: Answer }

/** Where every command of a log stands: folded once per log by the store, read by every view. */
export interface Ledger {
  /** Unanswered commands still in a queue, in log order. */
  readonly pending: ReadonlyArray<LogEvent>
  /** Commands waiting for the user's retry or discard, in log order. */
  readonly setAside: ReadonlyArray<SetAsideCommand>
  /** Commands the user discarded: rolled back, never sent. */
  readonly discarded: ReadonlySet<string>
  /** Commands the server answered, in the order it answered them. */
  readonly answers: ReadonlyArray<Answer>
  /** Every command, in log order, with where it stands. */
  readonly entries: ReadonlyArray<Entry>
}

const commandIdOf = (event: LogEvent) => (event.payload as { commandId: string }).commandId

/**
 * Where each command of the log stands, from the store's own events (the store owns the lifecycle
 * once; projections fold only their domain events). Pure: the same log, the same answer.
 */
export function ledgerOf(events: ReadonlyArray<LogEvent>, isCommand: (name: string) => boolean): Ledger {
  const state = new Map<string, Entry>()
  const answers: Answer[] = []
  events.forEach((event, at) => {
    if (isCommand(event.name)) {
      if (!state.has(event.id)) state.set(event.id, { command: event, status: 'pending' })
      return
    }
    const entry = lifecycleEventNames.has(event.name) ? state.get(commandIdOf(event)) : undefined
    if (!entry || entry.status === 'answered' || entry.status === 'discarded') return
    const { command } = entry
    if (event.name === 'v1.CommandConfirmed') {
      const answer: Answer = { kind: 'confirmed', command, result: (event.payload as { result: unknown }).result, at }
      answers.push(answer)
      state.set(command.id, { command, status: 'answered', answer })
    } else if (event.name === 'v1.CommandRejected') {
      const { code, message, fields = {} } = event.payload as { code: string | number; message: string; fields?: Record<string, string> }
      const answer: Answer = { kind: 'refused', command, code, message, fields, at }
      answers.push(answer)
      state.set(command.id, { command, status: 'answered', answer })
    } else if (event.name === 'v1.CommandSetAside' && entry.status === 'pending') {
      const { code, message } = event.payload as { code: string | number; message: string }
      state.set(command.id, { command, status: 'setAside', setAside: { command, code, message, at: event.at } })
    } else if (event.name === 'v1.CommandRetried' && entry.status === 'setAside') state.set(command.id, { command, status: 'pending' })
    else if (event.name === 'v1.CommandDiscarded' && entry.status === 'setAside') state.set(command.id, { command, status: 'discarded' })
  })
  const entries = [...state.values()]
  return {
    pending: entries.filter((entry) => entry.status === 'pending').map((entry) => entry.command),
    setAside: entries.flatMap((entry) => (entry.status === 'setAside' ? [entry.setAside] : [])),
    discarded: new Set(entries.filter((entry) => entry.status === 'discarded').map((entry) => entry.command.id)),
    answers,
    entries,
  }
}

/** What projections fold: the log without discarded commands, so their optimistic change is gone. */
export const visibleEvents = (events: ReadonlyArray<LogEvent>, discarded: ReadonlySet<string>): ReadonlyArray<LogEvent> =>
  discarded.size === 0 ? events : events.filter((event) => !discarded.has(event.id))

/** The commands with these ids and every store event about them. */
export const aboutCommands = (events: ReadonlyArray<LogEvent>, commandIds: ReadonlySet<string>): string[] =>
  events.filter((event) => commandIds.has(event.id) || (lifecycleEventNames.has(event.name) && commandIds.has(commandIdOf(event)))).map((event) => event.id)
