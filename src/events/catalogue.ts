import { Schema } from 'effect'
import type { CommandSpec, Declared, EventParts, EventSpec, LoadedEventParts, LogEvent, Projection, UpcastContext } from './types.ts'

/** The store's own events: the outbox's answers to any command. */
export const coreEvents = {
  /** The server accepted a command; `result` is its typed answer. */
  'v1.CommandConfirmed': { schema: Schema.Struct({ commandId: Schema.String, result: Schema.Unknown }) },
  /** The server refused a command; `code` is the envelope's error code, `message` its text. */
  'v1.CommandRejected': {
    // `fields`: a validation refusal's messages by field (optional: older logs have none).
    schema: Schema.Struct({
      commandId: Schema.String,
      code: Schema.Union([Schema.String, Schema.Number]),
      message: Schema.String,
      fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
    }),
  },
  /** The outbox set a command aside after failing past a few tries (the server's last `code` and `message`); the next ones went on. */
  'v1.CommandSetAside': { schema: Schema.Struct({ commandId: Schema.String, code: Schema.Union([Schema.String, Schema.Number]), message: Schema.String }) },
  /** The user asked to send a set-aside command again: it goes back to the end of its queue. */
  'v1.CommandRetried': { schema: Schema.Struct({ commandId: Schema.String }) },
  /** The user discarded a set-aside command: its change is rolled back (projections no longer see it). */
  'v1.CommandDiscarded': { schema: Schema.Struct({ commandId: Schema.String }) },
} as const satisfies Record<string, EventSpec>

/** The store's lifecycle events about one command (`payload.commandId`). */
export const lifecycleEventNames: ReadonlySet<string> = new Set(Object.keys(coreEvents))

export interface Catalogue {
  readonly events: ReadonlyMap<string, EventSpec>
  readonly projections: ReadonlyArray<Projection>
  /** By event name. */
  readonly commands: ReadonlyMap<string, CommandSpec & { readonly stream: string }>
}

const load = async <T>(declared: Declared<T> | undefined): Promise<T | undefined> =>
  typeof declared === 'function' ? (declared as () => Promise<T>)() : declared

/** Loads what each plugin declares (some lazily), then merges it. */
export async function loadCatalogue(parts: ReadonlyArray<EventParts>): Promise<Catalogue> {
  const loaded = await Promise.all(
    parts.map(async (part): Promise<LoadedEventParts> => ({
      id: part.id,
      events: await load(part.events),
      projections: await load(part.projections),
      commands: await load(part.commands),
    })),
  )
  return buildCatalogue(loaded)
}

/** Merges what the plugins declare; two plugins may not declare the same event, projection or command. */
export function buildCatalogue(parts: ReadonlyArray<LoadedEventParts>): Catalogue {
  const events = new Map<string, EventSpec>(Object.entries(coreEvents))
  const projections: Projection[] = []
  const commands = new Map<string, CommandSpec & { stream: string }>()
  for (const part of parts) {
    for (const [name, spec] of Object.entries(part.events ?? {})) {
      if (events.has(name)) throw new Error(`Event ${name} of plugin ${part.id} is declared twice`)
      events.set(name, spec)
    }
    for (const projection of part.projections ?? []) {
      if (projections.some((p) => p.id === projection.id)) throw new Error(`Projection ${projection.id} of plugin ${part.id} is declared twice`)
      projections.push(projection)
    }
    for (const command of part.commands ?? []) {
      if (commands.has(command.event)) throw new Error(`Command ${command.event} of plugin ${part.id} is declared twice`)
      commands.set(command.event, { ...command, stream: command.stream ?? part.id })
    }
  }
  for (const [name, spec] of events) if (spec.upcast && !events.has(spec.upcast.to)) throw new Error(`Event ${name} upcasts to unknown ${spec.upcast.to}`)
  for (const name of commands.keys()) if (!events.has(name)) throw new Error(`Command ${name} has no event schema`)
  return { events, projections, commands }
}

const specOf = (catalogue: Catalogue, name: string): EventSpec => {
  const spec = catalogue.events.get(name)
  if (!spec) throw new Error(`Unknown event ${name}`)
  return spec
}

/** Reads an encoded payload (from the log, another tab) as its schema's value. */
export function decodePayload(catalogue: Catalogue, name: string, payload: unknown): unknown {
  return Schema.decodeUnknownSync(specOf(catalogue, name).schema)(payload)
}

/**
 * Checks a payload as the app gives it (the schema's decoded type), so a bad one never reaches the
 * log, and answers both forms: the log keeps the encoded one (what a restore decodes, once), the
 * page the decoded one.
 */
export function checkPayload(catalogue: Catalogue, name: string, payload: unknown): { readonly decoded: unknown; readonly encoded: unknown } {
  const { schema } = specOf(catalogue, name)
  const encoded = Schema.encodeUnknownSync(schema)(payload)
  return { encoded, decoded: Schema.decodeUnknownSync(schema)(encoded) }
}

/** The form an event is kept in (IndexedDB) and sent in (to other tabs). */
export const encodeEvent = (catalogue: Catalogue, event: LogEvent): LogEvent => ({
  ...event,
  payload: Schema.encodeUnknownSync(specOf(catalogue, event.name).schema)(event.payload),
})

export type Restored = { readonly ok: true; readonly event: LogEvent; readonly upcast: boolean } | { readonly ok: false; readonly reason: string }

/**
 * Reads one stored record (encoded) as the current version of its event: decode with the schema it
 * was written with, upcast step by step (an upcaster answers the next version's encoded form),
 * decode again. Anything that fails is reported, not thrown.
 */
export async function restoreRecord(catalogue: Catalogue, record: unknown, context: Omit<UpcastContext, 'eventId'>): Promise<Restored> {
  if (typeof record !== 'object' || record === null) return { ok: false, reason: 'not an object' }
  const { id, name, payload, at } = record as Partial<LogEvent>
  if (typeof id !== 'string' || typeof name !== 'string' || typeof at !== 'number') return { ok: false, reason: 'missing id, name or time' }
  let current = name
  let value: unknown = payload
  let upcast = false
  try {
    for (let step = 0; step < 20; step++) {
      const spec = catalogue.events.get(current)
      if (!spec) return { ok: false, reason: `unknown event ${current}` }
      value = Schema.decodeUnknownSync(spec.schema)(value)
      if (!spec.upcast) return { ok: true, event: { id, name: current, payload: value, at }, upcast }
      value = await spec.upcast.payload(value, { ...context, eventId: id })
      current = spec.upcast.to
      upcast = true
    }
    return { ok: false, reason: 'upcast chain too long' }
  } catch (error) {
    return { ok: false, reason: `${current}: ${error instanceof Error ? error.message : String(error)}` }
  }
}
