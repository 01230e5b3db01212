import { type Answer, type Ledger, aboutCommands, ledgerOf, visibleEvents } from './lifecycle.ts'
import type { Lifecycle, LifecycleScope, LogEvent, Projection } from './types.ts'

/** The version a confirmed answer carries (`result.version`), if any: what "this device's own versions" are made of. */
export const versionOf = (result: unknown): number | null => {
  const version = typeof result === 'object' && result !== null ? (result as { version?: unknown }).version : undefined
  return typeof version === 'number' ? version : null
}

const recordKey = (scope: LifecycleScope, command: LogEvent): string => String(scope.recordOf?.(command) ?? '')

const unansweredOf = (ledger: Ledger) =>
  ledger.entries.filter((entry) => entry.status === 'pending' || entry.status === 'setAside').map((entry) => entry.command)

/** The lifecycle of no command: what a page reads while the store's declarations are still loading. */
export const emptyLifecycle: Lifecycle<never> = { unanswered: [], answers: [], lastRefusal: null, ownVersions: {}, latest: {}, waiting: {} }

/** A projection's part of the ledger: its commands only, with its own versions and newest answer per record. */
export function lifecycleFor(ledger: Ledger, scope: LifecycleScope | undefined): Lifecycle {
  if (scope === undefined) return emptyLifecycle
  const names = new Set(scope.commands)
  const answers = ledger.answers.filter((answer) => names.has(answer.command.name))
  const ownVersions: Record<string, number[]> = {}
  const latest: Record<string, unknown> = {}
  for (const answer of answers) {
    if (answer.kind !== 'confirmed') continue
    const version = versionOf(answer.result)
    if (version === null) continue
    const key = recordKey(scope, answer.command)
    ownVersions[key] = [...(ownVersions[key] ?? []), version]
    latest[key] = answer.result
  }
  const unanswered = unansweredOf(ledger).filter((command) => names.has(command.name))
  const waiting: Record<string, LogEvent[]> = {}
  for (const command of unanswered) (waiting[recordKey(scope, command)] ??= []).push(command)
  return {
    unanswered,
    waiting,
    answers,
    lastRefusal: answers.findLast((answer) => answer.kind === 'refused') ?? null,
    ownVersions,
    latest,
  }
}

/**
 * A projection's view of a log: its domain events folded (a discarded command left out: that is its
 * rollback), then its view made with its part of the lifecycle. Pure; the store runs the same.
 */
export function project<S, V>(projection: Projection<S, V>, events: ReadonlyArray<LogEvent>, ledger?: Ledger): V {
  const scoped = new Set(projection.lifecycle?.commands ?? [])
  const folded = ledger ?? ledgerOf(events, (name) => scoped.has(name))
  let state = projection.initial
  for (const event of visibleEvents(events, folded.discarded)) {
    const reducer = projection.reducers[event.name]
    if (reducer) state = reducer(state, event)
  }
  return projection.view ? projection.view(state, lifecycleFor(folded, projection.lifecycle)) : (state as unknown as V)
}

/** Whether a projection reading this answered command still needs it in the log. */
const stillNeeded = (scope: LifecycleScope, answer: Answer, unanswered: ReadonlyArray<LogEvent>, events: ReadonlyArray<LogEvent>): boolean => {
  if (scope.keepAnswered?.(answer, events)) return true
  const { rebasedFrom } = scope
  if (answer.kind !== 'confirmed' || rebasedFrom === undefined) return false
  const version = versionOf(answer.result)
  if (version === null) return false
  // A waiting write of the same record is rebased over this device's versions above the one it was made against.
  const record = recordKey(scope, answer.command)
  return unanswered.some((command) => scope.commands.includes(command.name) && recordKey(scope, command) === record && version > rebasedFrom(command))
}

/**
 * What compaction drops (the store's, once per leadership): discarded commands with their lifecycle
 * events; answered commands with their answers, unless a projection reading them still needs them
 * (see `LifecycleScope`) or folds the command itself as a domain event; then what each projection
 * says of its own domain events. Unanswered commands are never dropped: they are the user's work.
 */
export function compaction(events: ReadonlyArray<LogEvent>, ledger: Ledger, projections: ReadonlyArray<Projection>): Set<string> {
  const unanswered = unansweredOf(ledger)
  const answered = new Set<string>()
  for (const answer of ledger.answers) {
    const { name } = answer.command
    const readers = projections.filter((projection) => projection.lifecycle?.commands.includes(name))
    if (readers.length === 0 || projections.some((projection) => name in projection.reducers)) continue
    if (readers.some((projection) => stillNeeded(projection.lifecycle!, answer, unanswered, events))) continue
    answered.add(answer.command.id)
  }
  const drop = new Set([...aboutCommands(events, ledger.discarded), ...aboutCommands(events, answered)])
  for (const projection of projections) for (const id of projection.compactable?.(events, drop) ?? []) drop.add(id)
  return drop
}
