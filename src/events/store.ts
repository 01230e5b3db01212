import { type Actor, createActor, fromPromise } from 'xstate'
import { type Delivery, type OutboxCommand, outboxMachine } from '../../machines/outbox.machine.ts'
import { type Catalogue, buildCatalogue, checkPayload, decodePayload, encodeEvent, restoreRecord } from './catalogue.ts'
import { compaction, lifecycleFor, project } from './fold.ts'
import { type Ledger, ledgerOf } from './lifecycle.ts'
import { createLogOrder } from './sequence.ts'
import { type EventLog, openEventLog } from './log.ts'
import { type SyncEvent, toSyncEvent } from './sync-state.ts'
import { openTabLink, requestLeadership, type SyncStatus, type TabMessage } from './tabs.ts'
import type { CommandSpec, Lifecycle, LogEvent, Projection } from './types.ts'
import { type EventStoreOptions, type EventStoreSnapshot, serverTroubleShown, type StorageFailure } from './store-types.ts'

export type { Delivery } from '../../machines/outbox.machine.ts'
export type { SyncStatus } from './tabs.ts'
export type { SetAsideCommand } from './lifecycle.ts'
export type { EventStoreOptions, EventStoreSnapshot, StorageFailure, SyncView } from './store-types.ts'

export type EventStore = ReturnType<typeof createEventStore>

const statusRank: Record<SyncStatus, number> = { idle: 0, paused: 1, backingOff: 2, delivering: 3 }

/**
 * The client's event store: the persisted log in memory, the plugins' projections over it, and one
 * outbox per command stream. Appends show at once and reach IndexedDB in order before any outbox
 * sees them; a failed write is taken back and reported. One tab per account leads (delivers and
 * compacts); every tab writes its own appends and tells the others.
 */
export function createEventStore(options: EventStoreOptions) {
  // Until the plugins' declarations have loaded: no projections, no commands; appends wait to be decoded.
  let catalogue: Catalogue = options.catalogue instanceof Promise ? buildCatalogue([]) : options.catalogue
  let catalogueLoaded = !(options.catalogue instanceof Promise)
  let events: ReadonlyArray<LogEvent> = []
  const known = new Set<string>()
  /** Appended here, not yet in IndexedDB: shown, but not yet "kept on this device". */
  const unsaved = new Set<string>()
  /** Appended before the catalogue loaded, with the payload as given (checked when persisted). */
  const undecoded = new Map<string, unknown>()
  /** The encoded payload of each append not yet in IndexedDB: the log keeps that form, so a restore decodes once. */
  const encodedOf = new Map<string, unknown>()
  let online = options.online ?? true
  let disposed = false
  let leader = false
  /**
   * True once leading has made the outboxes from the restored log. Until then a new command is not
   * fed on its own: leading reads it from the log with the older ones, in order. Fed earlier, it made
   * its stream's outbox alone, and the restored commands of that stream were never sent.
   */
  let delivering = false
  let leaderStatus: SyncStatus = 'idle'
  /** The server's last word on a delivery was "cannot serve now" (503, 502, 504) or a failure (500): see `serverTroubleShown`. */
  let serverTrouble = false
  let leaderServerTrouble = false
  let storageFailure: StorageFailure | null = null
  let quarantined = 0
  let restored = false
  let log: EventLog | null = null
  const outboxes = new Map<string, Actor<typeof outboxMachine>>()
  const listeners = new Set<() => void>()
  const streamOf = new Map<string, string>() // command id → stream
  /** Every tab folds the log in one order: its sequence (sequence.ts), not the order messages arrive in. */
  const order = createLogOrder()

  const isCommand = (name: string) => catalogue.commands.has(name)
  /** The lifecycle of every command, folded once per log (and catalogue). */
  let folded: { events: ReadonlyArray<LogEvent>; catalogue: Catalogue; ledger: Ledger } | null = null
  const ledger = (): Ledger => {
    if (folded?.events !== events || folded.catalogue !== catalogue) folded = { events, catalogue, ledger: ledgerOf(events, isCommand) }
    return folded.ledger
  }
  /** A projection's part of the lifecycle (its commands only), made once per ledger. */
  const scoped = new WeakMap<Ledger, Map<string, Lifecycle>>()
  const lifecycleOfProjection = (projectionId: string): Lifecycle => {
    const projection = catalogue.projections.find((p) => p.id === projectionId)
    if (!projection) throw new Error(`Unknown projection ${projectionId}`)
    const current = ledger()
    const made = scoped.get(current) ?? new Map<string, Lifecycle>()
    scoped.set(current, made)
    const found = made.get(projectionId) ?? lifecycleFor(current, projection.lifecycle)
    made.set(projectionId, found)
    return found
  }
  const computeViews = () => Object.fromEntries(catalogue.projections.map((p) => [p.id, viewOf(p.id)]))
  const viewOf = <V>(projectionId: string): V => {
    const projection = catalogue.projections.find((p) => p.id === projectionId)
    if (!projection) throw new Error(`Unknown projection ${projectionId}`)
    return project(projection as Projection<unknown, V>, events, ledger())
  }
  const ownStatus = (): SyncStatus => {
    let status: SyncStatus = 'idle'
    for (const outbox of outboxes.values()) {
      const value = outbox.getSnapshot().value as SyncStatus
      if (statusRank[value] > statusRank[status]) status = value
    }
    return status
  }
  const makeSnapshot = (views: Record<string, unknown>): EventStoreSnapshot => {
    const { pending, setAside } = ledger()
    const status = leader ? ownStatus() : leaderStatus
    return {
      events,
      sync: {
        pending: pending.filter((e) => !unsaved.has(e.id)),
        setAside,
        status,
        online,
        serverTrouble: serverTroubleShown(status, online, leader ? serverTrouble : leaderServerTrouble),
      },
      views,
      storageFailure,
      restored,
      quarantined,
      leader,
    }
  }
  let snapshot = makeSnapshot(computeViews())
  const publish = (eventsChanged: boolean) => {
    // A new object only when something changed: useSyncExternalStore compares by identity.
    snapshot = makeSnapshot(eventsChanged ? computeViews() : snapshot.views)
    for (const listener of listeners) listener()
  }

  const tabsName = options.tabsName ?? options.dbName
  const link = openTabLink(`${tabsName}:log`, (message: TabMessage) => {
    if (disposed) return
    if (message.type === 'status') {
      leaderStatus = message.status
      leaderServerTrouble = message.serverTrouble
      if (!leader) publish(false)
      return
    }
    if (known.has(message.event.id)) return
    let event: LogEvent
    try {
      event = { ...message.event, payload: decodePayload(catalogue, message.event.name, message.event.payload) }
    } catch {
      return // not readable yet (declarations still loading): the restore reads it from IndexedDB
    }
    add(event, message.seq)
    publish(true)
    if (delivering) feedOutbox(event)
  })
  const add = (event: LogEvent, seq?: number) => {
    known.add(event.id)
    events = order.add(events, event, seq)
    const command = catalogue.commands.get(event.name)
    if (command) streamOf.set(event.id, command.stream)
  }

  // --- delivery (the leading tab only) ---
  const syncEventFor = (event: LogEvent): { stream: string | null; event: SyncEvent<OutboxCommand> } => {
    const sync = toSyncEvent(event, (name) => catalogue.commands.has(name))
    if (sync.kind === 'command') return { stream: streamOf.get(event.id) ?? null, event: sync }
    if (sync.kind === 'fact') return { stream: null, event: sync }
    return { stream: streamOf.get(sync.commandId) ?? null, event: sync }
  }
  const deliver = async (command: OutboxCommand): Promise<Delivery> => {
    const spec = catalogue.commands.get(command.name) as CommandSpec
    try {
      const result: unknown = await spec.deliver(command.payload, {
        idempotencyKey: command.id,
        file: async (fileId) => {
          const bytes = await log?.getFile(fileId)
          if (!bytes) throw new Error(`file ${fileId} is missing from this device`)
          return bytes
        },
        view: viewOf,
      })
      serverTrouble = false
      return { kind: 'confirmed', result }
    } catch (error) {
      const delivery = options.classify(error)
      // Only the server's own answers say whether it is in trouble; "retry" (409) says nothing new.
      if (delivery.kind !== 'retry') serverTrouble = delivery.kind === 'unavailable' || delivery.kind === 'failed'
      return delivery
    }
  }
  const outboxFor = (stream: string, restored: ReadonlyArray<SyncEvent<OutboxCommand>>) => {
    let outbox = outboxes.get(stream)
    if (outbox) return outbox
    outbox = createActor(
      outboxMachine.provide({ actors: { deliver: fromPromise(({ input }: { input: { command: OutboxCommand } }) => deliver(input.command)) } }),
      {
        input: { restored, online, random: options.random, deliveryTimeoutMs: options.deliveryTimeoutMs },
      },
    )
    outbox.on('outbox.settled', ({ command, delivery }) => {
      if (disposed) return
      if (delivery.kind === 'confirmed') append('v1.CommandConfirmed', { commandId: command.id, result: delivery.result })
      else
        append('v1.CommandRejected', {
          commandId: command.id,
          code: delivery.code,
          message: delivery.message,
          ...(delivery.fields ? { fields: delivery.fields } : {}),
        })
    })
    outbox.on('outbox.setAside', ({ command, delivery }) => {
      if (!disposed) append('v1.CommandSetAside', { commandId: command.id, code: delivery.code, message: delivery.message })
    })
    outbox.subscribe(() => {
      if (disposed) return
      link.post({ type: 'status', status: ownStatus(), serverTrouble })
      publish(false)
    })
    outboxes.set(stream, outbox)
    outbox.start()
    return outbox
  }
  const feedOutbox = (event: LogEvent) => {
    const { stream, event: sync } = syncEventFor(event)
    if (stream === null) return
    const existing = outboxes.get(stream)
    if (existing) existing.send({ type: 'outbox.appended', event: sync })
    else if (sync.kind === 'command') outboxFor(stream, [sync])
  }

  const lead = async () => {
    await ready
    if (disposed || !log) return
    leader = true
    // Each leadership drops what a newer server read already covers, so the log stays as long as
    // the teacher's unanswered work, not as long as every edit ever made on this device.
    const drop = compaction(events, ledger(), catalogue.projections)
    if (drop.size > 0) {
      await log.drop(drop)
      events = events.filter((e) => !drop.has(e.id))
    }
    // Another tab may have written since this one restored.
    await restore(log)
    const byStream = new Map<string, Array<SyncEvent<OutboxCommand>>>()
    for (const event of events) {
      if (unsaved.has(event.id)) continue // fed once it is in IndexedDB
      const { stream, event: sync } = syncEventFor(event)
      if (stream !== null) byStream.set(stream, [...(byStream.get(stream) ?? []), sync])
    }
    for (const [stream, restored] of byStream) outboxFor(stream, restored)
    delivering = true
    publish(true)
  }

  const restore = async (from: EventLog) => {
    for (const { key, value } of await from.readRecords()) {
      const id = (value as { id?: unknown } | null)?.id
      if (typeof id === 'string' && known.has(id)) continue
      const restored = await restoreRecord(catalogue, value, { putFile: async (fileId, bytes) => (await from.putFile(fileId, bytes), fileId) })
      if (!restored.ok) {
        // Kept aside, never thrown: one unreadable record must not cost the teacher the rest.
        console.error('event log: a stored record could not be read', restored.reason)
        await from.quarantine(key, restored.reason)
        quarantined++
        continue
      }
      if (restored.upcast) await from.replace(key, encodeEvent(catalogue, restored.event))
      if (!known.has(restored.event.id)) add(restored.event, key) // another tab's message may have brought it meanwhile
    }
  }

  const ready = (async () => {
    catalogue = await options.catalogue
    catalogueLoaded = true
    log = await openEventLog(options.dbName)
    const pendingAppends = events
    events = []
    known.clear()
    order.clear()
    await restore(log)
    // This tab's early appends (not in IndexedDB yet) and other tabs' (already read back just now).
    for (const event of pendingAppends) if (!known.has(event.id)) add(event)
    restored = true
    if (!disposed) publish(true)
  })()
  ready.catch(() => {
    restored = true
    if (!disposed) publish(false)
  })
  const leadership = requestLeadership(`${tabsName}:leader`, () => void lead())

  // Writes run one after another, after the restore: the log keeps the order of the appends.
  let writes: Promise<void> = ready.then(() => undefined)
  const persist = (appended: LogEvent) => {
    writes = writes.then(async () => {
      let event = appended
      try {
        if (undecoded.has(event.id) && event.payload === undecoded.get(event.id)) {
          // Appended before the declarations loaded: checked now, before it can be kept.
          const { decoded, encoded } = checkPayload(catalogue, event.name, event.payload)
          event = { ...event, payload: decoded }
          encodedOf.set(event.id, encoded)
          undecoded.delete(event.id)
          events = events.map((e) => (e.id === event.id ? event : e))
        }
      } catch (error) {
        undecoded.delete(event.id)
        unsaved.delete(event.id)
        events = events.filter((e) => e.id !== event.id)
        console.error('event store: an appended event does not match its schema', event.name, error)
        if (!disposed) publish(true)
        return
      }
      const stored: LogEvent = { ...event, payload: encodedOf.get(event.id) }
      let seq: number
      encodedOf.delete(event.id)
      try {
        if (!log) throw new Error('event log is not open')
        // Appends made before dispose still reach the log: that is the point of the log.
        seq = await log.append(stored)
      } catch (error) {
        // Not kept: take it back, so nothing on the page claims it is.
        unsaved.delete(event.id)
        events = events.filter((e) => e.id !== event.id)
        storageFailure = { eventName: event.name, message: error instanceof Error ? error.message : String(error) }
        if (!disposed) publish(true)
        return
      }
      unsaved.delete(event.id)
      if (disposed) return
      link.post({ type: 'appended', event: stored, seq })
      // Its place among the other tabs' events is known now: moved there if one came in meanwhile.
      const before = events
      events = order.written(events, event, seq)
      publish(events !== before)
      if (delivering) feedOutbox(event)
    })
  }

  function append(name: string, payload: unknown, at = Date.now()): LogEvent {
    if (disposed) throw new Error('event store is disposed')
    const id = crypto.randomUUID()
    const checked = catalogueLoaded ? checkPayload(catalogue, name, payload) : null
    const event: LogEvent = { id, name, payload: checked ? checked.decoded : payload, at }
    if (checked) encodedOf.set(id, checked.encoded)
    else undecoded.set(id, payload)
    unsaved.add(event.id)
    add(event)
    publish(true)
    persist(event)
    return event
  }

  return {
    ready,
    append,
    /** Appends a command and returns its id (the Idempotency-Key its delivery sends). */
    dispatch<P>(command: CommandSpec<P, unknown>, payload: P): string {
      return append(command.event, payload).id
    },
    /** Keeps bytes on this device for a command to refer to; a failed write is reported like an append's. */
    async putFile(bytes: Uint8Array): Promise<string> {
      const fileId = crypto.randomUUID()
      try {
        await ready
        if (!log) throw new Error('event log is not open')
        await log.putFile(fileId, bytes)
        return fileId
      } catch (error) {
        storageFailure = { eventName: 'file', message: error instanceof Error ? error.message : String(error) }
        publish(false)
        throw error
      }
    },
    view: viewOf,
    /**
     * Where a projection's commands stand (pending, answered, own versions, newest answer and waiting
     * commands per record): what `readWithPending` (read-model.ts) applies to a page's read.
     */
    lifecycle: <P = unknown>(projectionId: string): Lifecycle<P> => lifecycleOfProjection(projectionId) as Lifecycle<P>,
    /**
     * Keeps work not yet sent that no event names (a recording waiting for its upload) in this
     * account's store, under a key of the caller's choosing, until `forgetFile`: another account
     * signed in on this browser never sees it.
     */
    async keepFile(key: string, file: Blob): Promise<void> {
      const bytes = new Uint8Array(await file.arrayBuffer())
      await ready
      if (!log) throw new Error('event log is not open')
      await log.keep(key, { bytes, type: file.type })
    },
    async keptFile(key: string): Promise<Blob | undefined> {
      await ready
      const kept = await log?.kept(key)
      return kept === undefined ? undefined : new Blob([kept.bytes as Uint8Array<ArrayBuffer>], { type: kept.type })
    },
    async forgetFile(key: string): Promise<void> {
      await ready
      await log?.forget(key)
    },
    /** Sends a set-aside command again (at the end of its queue); any tab may ask, the leader sends. */
    retryCommand(commandId: string): void {
      if (ledger().setAside.some((s) => s.command.id === commandId)) append('v1.CommandRetried', { commandId })
    },
    /** Drops a set-aside command for good: never sent, its change rolled back. */
    discardCommand(commandId: string): void {
      if (ledger().setAside.some((s) => s.command.id === commandId)) append('v1.CommandDiscarded', { commandId })
    },
    /** The signed-in person as the first projection that knows them shows them (pending edits included). */
    identity(): { name: string; image: string | null } | null {
      for (const projection of catalogue.projections) {
        // Views follow the catalogue by one publish: a projection without its view yet knows nobody.
        if (!(projection.id in snapshot.views)) continue
        const found = projection.identity?.(snapshot.views[projection.id])
        if (found) return found
      }
      return null
    },
    dismissStorageFailure() {
      storageFailure = null
      publish(false)
    },
    quarantinedRecords: async () => (await ready, log?.quarantined() ?? []),
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): EventStoreSnapshot => snapshot,
    setOnline(value: boolean) {
      online = value
      for (const outbox of outboxes.values()) outbox.send({ type: value ? 'outbox.online' : 'outbox.offline' })
      publish(false)
    },
    /** Resolves when every append so far is in IndexedDB (or reported as not kept). */
    flushed: (): Promise<void> => writes,
    dispose() {
      if (disposed) return
      disposed = true
      for (const outbox of outboxes.values()) outbox.stop()
      listeners.clear()
      link.close()
      leadership.release()
      writes = writes.then(() => log?.close())
    },
  }
}
