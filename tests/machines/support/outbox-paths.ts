import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate'
import { type OutboxCommand, type OutboxInput, maxFailedAttempts, outboxMachine } from '../../../machines/outbox.machine.ts'

/**
 * The outbox machine's generated paths: sequences of its events with the state the machine says
 * each leads to. The events name commands by label (c1, c2); the real store gives them real ids.
 */
export type Snapshot = SnapshotFrom<typeof outboxMachine>
export type Label = 'c1' | 'c2'
export type ModelEvent =
  | { type: 'outbox.appended'; event: { kind: 'command'; command: OutboxCommand } | { kind: 'fact' } | { kind: 'retried' | 'discarded'; commandId: Label } }
  | { type: 'xstate.done.actor.deliver'; output: { kind: 'confirmed' | 'rejected' | 'offline' | 'retry' | 'failed' } }
  | { type: 'xstate.error.actor.deliver'; error: string }
  | { type: 'outbox.online' | 'outbox.offline' | 'xstate.after.retryAfter.outbox.backingOff' | 'xstate.after.deliveryTimeout.outbox.delivering' }
export interface Step {
  readonly event: ModelEvent
  readonly state: Snapshot
}
export interface Start {
  readonly name: string
  /** The machine's input as the store gives it: the store's `online`, and the log it restored. */
  readonly input: OutboxInput
}
export interface Path {
  readonly start: Start
  readonly initial: Snapshot
  readonly steps: ReadonlyArray<Step>
  /** A scenario's event the machine does not allow where the scenario takes it. */
  readonly unwalkable?: string
}

const labels: ReadonlyArray<Label> = ['c1', 'c2']
const command = (label: Label): OutboxCommand => ({ id: label, name: 'v2.ProfileUpdateRequested', payload: {} })
const answer = (kind: 'confirmed' | 'rejected' | 'offline' | 'retry' | 'failed'): ModelEvent => ({ type: 'xstate.done.actor.deliver', output: { kind } })
export const events = {
  save: (label: Label): ModelEvent => ({ type: 'outbox.appended', event: { kind: 'command', command: command(label) } }),
  fact: { type: 'outbox.appended', event: { kind: 'fact' } } as ModelEvent,
  retried: (label: Label): ModelEvent => ({ type: 'outbox.appended', event: { kind: 'retried', commandId: label } }),
  discarded: (label: Label): ModelEvent => ({ type: 'outbox.appended', event: { kind: 'discarded', commandId: label } }),
  answer,
  thrown: { type: 'xstate.error.actor.deliver', error: 'a bug in deliver' } as ModelEvent,
  online: { type: 'outbox.online' } as ModelEvent,
  offline: { type: 'outbox.offline' } as ModelEvent,
  retryAfter: { type: 'xstate.after.retryAfter.outbox.backingOff' } as ModelEvent,
  deliveryTimeout: { type: 'xstate.after.deliveryTimeout.outbox.delivering' } as ModelEvent,
}
const allEvents: ReadonlyArray<ModelEvent> = [
  ...labels.map(events.save),
  events.fact,
  ...labels.flatMap((label) => [events.retried(label), events.discarded(label)]),
  ...(['confirmed', 'rejected', 'offline', 'retry', 'failed'] as const).map(answer),
  events.thrown,
  events.online,
  events.offline,
  events.retryAfter,
  events.deliveryTimeout,
]

/** A short name for an event, for titles and the graph's key. */
export const eventName = (event: ModelEvent): string => {
  if (event.type === 'outbox.appended') {
    const e = event.event
    return e.kind === 'command' ? `save ${e.command.id}` : e.kind === 'fact' ? 'server read' : `${e.kind} ${e.commandId}`
  }
  if (event.type === 'xstate.done.actor.deliver') return `answer ${event.output.kind}`
  if (event.type === 'xstate.error.actor.deliver') return 'deliver throws'
  return event.type.replace(/^xstate\.after\.(\w+)\..*$/, '$1 passes').replace(/^outbox\./, '')
}

const ids = (commands: ReadonlyArray<OutboxCommand>) => commands.map((c) => c.id)
/** Capped: a machine that counted past the last attempt must not make the graph endless. */
const failedCount = (state: Snapshot) => Math.min(state.context.failed?.count ?? 0, maxFailedAttempts)

/** Only events the real system can make happen: a save of a label not in the queue, a retry or discard of a set-aside one. */
const possible = (state: Snapshot, event: ModelEvent): boolean => {
  // Between the first and the last failed attempt only the delivery's own events (a narrow corridor to "set aside").
  if (failedCount(state) > 0 && !event.type.startsWith('xstate.')) return false
  if (event.type !== 'outbox.appended') return state.can(event as never)
  const e = event.event
  if (e.kind === 'command') return ![...ids(state.context.sync.pending), ...ids(state.context.sync.setAside)].includes(e.command.id)
  if (e.kind === 'retried' || e.kind === 'discarded') return ids(state.context.sync.setAside).includes(e.commandId)
  return true
}

/**
 * A vertex: the status, how many commands wait and are set aside, connectivity, failed attempts
 * of the head, and the event and status that led there (so every event is taken from every such vertex);
 * between the first and the last failed attempt, without the event (the corridor stays narrow).
 */
const vertexKey = (state: Snapshot, event: ModelEvent | null, previous: Snapshot | null) => {
  const n = failedCount(state)
  const base = [state.value, Math.min(state.context.sync.pending.length, 2), state.context.sync.setAside.length > 0, state.context.online, n]
  return JSON.stringify(n > 0 && n < maxFailedAttempts - 1 ? base : [...base, event === null ? null : eventName(event), previous?.value ?? null])
}

/** The machine's input as the store gives it (random = 1: every wait is its full length; the test moves the clock). */
export const machineInput = (input: OutboxInput): OutboxInput => ({ random: () => 1, ...input })

/**
 * Breadth-first over the vertices from each start (a vertex met from an earlier start is not met
 * again), then one path per leaf of that tree: every vertex lies on a path, and each path asserts
 * after every step, so the leaves' paths walk the whole tree.
 */
export function generatedPaths(starts: ReadonlyArray<Start>): Path[] {
  const seen = new Set<string>()
  const paths: Path[] = []
  for (const start of starts) {
    const initial = getInitialSnapshot(outboxMachine, machineInput(start.input))
    const root = vertexKey(initial, null, null)
    if (seen.has(root)) continue
    seen.add(root)
    const children = new Map<string, number>()
    let frontier: Array<{ key: string; state: Snapshot; steps: Step[] }> = [{ key: root, state: initial, steps: [] }]
    const all: Array<{ key: string; parent: string | null; steps: Step[] }> = [{ key: root, parent: null, steps: [] }]
    while (frontier.length > 0) {
      const next: typeof frontier = []
      for (const { key, state, steps } of frontier)
        for (const event of allEvents) {
          if (!possible(state, event)) continue
          const after = getNextSnapshot(outboxMachine, state, event as never)
          const afterKey = vertexKey(after, event, state)
          if (seen.has(afterKey)) continue
          seen.add(afterKey)
          children.set(key, (children.get(key) ?? 0) + 1)
          const path = [...steps, { event, state: after }]
          all.push({ key: afterKey, parent: key, steps: path })
          next.push({ key: afterKey, state: after, steps: path })
        }
      frontier = next
    }
    for (const vertex of all) if (!children.has(vertex.key)) paths.push({ start, initial, steps: vertex.steps })
  }
  return paths
}

/** A path along given events (scenarios the breadth-first tree does not walk), with the machine's states. */
export function pathOf(start: Start, sequence: ReadonlyArray<ModelEvent>): Path {
  const initial = getInitialSnapshot(outboxMachine, machineInput(start.input))
  const steps: Step[] = []
  let state = initial
  for (const event of sequence) {
    // A machine that cannot walk the scenario: its path ends there, and the step the system is asked for next fails.
    if (!possible(state, event) && event.type.startsWith('outbox.appended')) return { start, initial, steps, unwalkable: eventName(event) }
    state = getNextSnapshot(outboxMachine, state, event as never)
    steps.push({ event, state })
  }
  return { start, initial, steps }
}
