import { type Actor, createActor, fromPromise } from 'xstate'
import { type Delivery, type OutboxCommand, outboxMachine } from '../../machines/outbox.machine.ts'
import { type Command, type CommandName, type EventName, type LogEvent, type PayloadOf, makeEvent } from './events.ts'
import { type EventLog, openEventLog } from './log.ts'
import { type ProfileView, profileProjection } from './projections.ts'
import { type SyncState, toSyncEvent } from './sync-state.ts'

export type { Delivery } from '../../machines/outbox.machine.ts'

/** An event as a caller appends it; id and time are filled in when missing. */
export type NewEvent = { [N in EventName]: { name: N; payload: PayloadOf<N>; id?: string; at?: number } }[EventName]

export interface EventStoreOptions {
  /** IndexedDB database name (per user is the app's choice; tests use one per test). */
  dbName: string
  /** Sends one command to the server with its id as the Idempotency-Key. Injected by the app. */
  deliver: (command: Command, idempotencyKey: string) => Promise<Delivery>
  /** The browser's connectivity at start; `setOnline` reports changes. */
  online?: boolean
}

export interface SyncView extends SyncState<Command> {
  readonly status: 'idle' | 'delivering' | 'paused'
  readonly online: boolean
}

export interface EventStoreSnapshot {
  readonly events: ReadonlyArray<LogEvent>
  readonly sync: SyncView
  readonly profile: ProfileView
}

export type EventStore = ReturnType<typeof createEventStore>

/**
 * The client's event store: an in-memory view of the persisted log, projections over it, and the
 * outbox that delivers its commands. Appends show at once (optimistic) and reach IndexedDB in order
 * before the outbox sees them, so a reload resumes exactly the undelivered commands.
 */
export function createEventStore(options: EventStoreOptions) {
  let events: LogEvent[] = []
  let online = options.online ?? true
  let disposed = false
  let log: EventLog | null = null
  let outbox: Actor<typeof outboxMachine> | null = null
  const listeners = new Set<() => void>()

  const syncView = (): SyncView => {
    const snapshot = outbox?.getSnapshot()
    if (!snapshot) return { pending: [], confirmedHead: 0, status: 'idle', online }
    const { sync } = snapshot.context
    return { pending: sync.pending as ReadonlyArray<Command>, confirmedHead: sync.confirmedHead, status: snapshot.value, online: snapshot.context.online }
  }
  let snapshot: EventStoreSnapshot = { events, sync: syncView(), profile: profileProjection(events) }
  const publish = (eventsChanged: boolean) => {
    // A new object only when something changed: useSyncExternalStore compares by identity.
    snapshot = { events, sync: syncView(), profile: eventsChanged ? profileProjection(events) : snapshot.profile }
    for (const listener of listeners) listener()
  }

  const ready = (async () => {
    log = await openEventLog(options.dbName)
    // Each start drops what a newer server read already covers, so the log stays as long as the
    // teacher's unanswered work, not as long as every edit ever made on this device.
    await log.compact()
    const restored = await log.readAll()
    events = [...restored, ...events]
    if (disposed) return
    outbox = createActor(
      outboxMachine.provide({
        actors: { deliver: fromPromise(({ input }: { input: { command: OutboxCommand } }) => options.deliver(input.command as Command, input.command.id)) },
      }),
      { input: { restored: restored.map(toSyncEvent), online } },
    )
    outbox.on('outbox.settled', ({ command, delivery }) => {
      if (delivery.kind === 'confirmed') append({ name: 'v1.CommandConfirmed', payload: { commandId: command.id, result: delivery.result } })
      else append({ name: 'v1.CommandRejected', payload: { commandId: command.id, code: delivery.code, message: delivery.message } })
    })
    outbox.subscribe(() => publish(false))
    outbox.start()
    publish(true)
  })()

  // Writes run one after another, after the restore: the log keeps the order of the appends.
  let writes: Promise<void> = ready
  const persistThenSync = (event: LogEvent) => {
    writes = writes
      .then(async () => {
        if (!log) return
        // Appends made before dispose still reach the log: that is the point of the log.
        await log.append(event)
        if (!disposed) outbox?.send({ type: 'outbox.appended', event: toSyncEvent(event) })
      })
      .catch((error: unknown) => console.error('event log: could not persist', event.name, error))
  }

  function append(input: NewEvent): LogEvent {
    if (disposed) throw new Error('event store is disposed')
    const event = makeEvent(input.name, input.payload as never, { id: input.id, at: input.at }) as LogEvent
    events = [...events, event]
    publish(true)
    persistThenSync(event)
    return event
  }

  return {
    ready,
    append,
    /** Appends a command and returns its id (the Idempotency-Key the outbox will send). */
    dispatchCommand<N extends CommandName>(name: N, payload: PayloadOf<N>): string {
      return append({ name, payload } as NewEvent).id
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): EventStoreSnapshot => snapshot,
    setOnline(value: boolean) {
      online = value
      outbox?.send({ type: value ? 'outbox.online' : 'outbox.offline' })
      if (!outbox) publish(false)
    },
    /** Resolves when every append so far is in IndexedDB. */
    flushed: (): Promise<void> => writes,
    dispose() {
      if (disposed) return
      disposed = true
      outbox?.stop()
      listeners.clear()
      writes = writes.then(() => log?.close())
    },
  }
}
