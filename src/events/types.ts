import type { Schema } from 'effect'
import type { Answer, Refusal } from './lifecycle.ts'

/**
 * What a plugin declares to the event store (see `definePlugin`'s `events`, `projections`,
 * `commands`). The store itself knows no feature: it only runs these declarations.
 *
 * Event names carry their version (`v1.Name`, `v2.Name`). A published schema is never edited: a
 * changed payload becomes a new version, and the old one declares an `upcast` to it, so a log
 * written by an older app still restores (decoded, then upcast, then decoded again).
 */
// A catalogue holds schemas of many payload types: `any` is what lets them share one map.
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface EventSpec<A = any> {
  readonly schema: Schema.Codec<A, any>
  /** For an older version only: how its payload becomes the next version's. */
  readonly upcast?: Upcaster<A>
}

export interface Upcaster<A = any> {
  readonly to: string
  /** May move bytes into the file store (see `UpcastContext.putFile`); must give the same answer twice. */
  readonly payload: (old: A, context: UpcastContext) => unknown
}

export interface UpcastContext {
  readonly eventId: string
  /** Keeps bytes in the file store under `fileId` (idempotent) and answers the id. */
  readonly putFile: (fileId: string, bytes: Uint8Array) => Promise<string>
}

export type EventCatalogue = Readonly<Record<string, EventSpec>>

/** One entry of the log. `id` is client-generated; for commands it is the Idempotency-Key. */
export interface LogEvent<P = unknown> {
  readonly id: string
  readonly name: string
  readonly payload: P
  readonly at: number
}

/**
 * Which commands' lifecycle a projection reads, and what the store needs to know of them: the
 * store folds the lifecycle once (lifecycle.ts) and hands each view its part (`Lifecycle`).
 */
export interface LifecycleScope {
  /** The command event names (current versions) this view reads the lifecycle of. */
  readonly commands: ReadonlyArray<string>
  /** The record a command writes: this device's own versions and the newest answer are kept per record. Default: one record. */
  readonly recordOf?: (command: LogEvent<any>) => string | number
  /**
   * The version a waiting command is rebased from (rebase-version.ts): this device's confirmed
   * versions above it stay in the log at compaction. Without it no answer is kept for rebasing.
   */
  readonly rebasedFrom?: (command: LogEvent<any>) => number
  /** An answered command the view still shows (no newer server read covers it, a conflict not resolved): kept at compaction. */
  readonly keepAnswered?: (answer: Answer, events: ReadonlyArray<LogEvent>) => boolean
}

/** A projection's part of the command lifecycle, as the store folds it (lifecycle.ts). */
export interface Lifecycle<P = any> {
  /** Its commands the server has not answered (pending or set aside: their change is still shown), in log order. */
  readonly unanswered: ReadonlyArray<LogEvent<P>>
  /** Its commands the server answered, in the order it answered them. */
  readonly answers: ReadonlyArray<Answer<P>>
  /** The newest refusal among them. */
  readonly lastRefusal: Refusal<P> | null
  /** Per record, the versions this device's confirmed commands produced (each answer's `version`), in answer order. */
  readonly ownVersions: Readonly<Record<string, ReadonlyArray<number>>>
  /** Per record, the newest confirmed answer that carried a version. */
  readonly latest: Readonly<Record<string, unknown>>
  /** Per record, its unanswered commands, in log order. */
  readonly waiting: Readonly<Record<string, ReadonlyArray<LogEvent<P>>>>
}

/** A pure fold of the log into a view; each projection has its own id, unique across plugins. */
export interface Projection<S = any, V = S> {
  readonly id: string
  readonly initial: S
  /** Its domain events only: the lifecycle of commands is the store's (`lifecycle`). */
  readonly reducers: Readonly<Record<string, (state: S, event: LogEvent<any>) => S>>
  /** The commands whose lifecycle the view reads. */
  readonly lifecycle?: LifecycleScope
  /** The view pages read (default: the state itself), from the folded state and its commands' lifecycle. */
  readonly view?: (state: S, lifecycle: Lifecycle) => V
  /**
   * Its domain events safe to drop at compaction: what a newer one covers (an older server read).
   * `dropping`: what the store drops already (answered commands and their answers).
   */
  readonly compactable?: (events: ReadonlyArray<LogEvent>, dropping: ReadonlySet<string>) => ReadonlyArray<string>
  /** Who is signed in as this projection knows it (e.g. an edited, still pending name), for the shell's top bar. */
  readonly identity?: (view: V) => { readonly name: string; readonly image: string | null } | null
}

export interface DeliverContext {
  /** The command's id: the Idempotency-Key of its call. */
  readonly idempotencyKey: string
  /** The bytes a command refers to by id (see `EventStore.putFile`). */
  readonly file: (fileId: string) => Promise<Uint8Array>
  /** A projection's current view, e.g. to rebase a command's expected version on this device's own saves. */
  readonly view: <V>(projectionId: string) => V
}

/**
 * A command: an event that asks the server to change something. `deliver` is the contract call
 * (it answers the typed result or throws the call's failure); the app classifies failures into
 * refusal or "try again later".
 */
/* eslint-enable @typescript-eslint/no-explicit-any */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin list mixes commands of every payload type
export interface CommandSpec<P = any, R = unknown> {
  /** The event name (current version) this command is appended as. */
  readonly event: string
  /** Its queue; commands of one stream go one at a time, streams do not wait for each other. Default: the plugin id. */
  readonly stream?: string
  readonly deliver: (payload: P, context: DeliverContext) => Promise<R>
  /** Present only to carry the payload type for `dispatch`. */
  readonly _payload?: P
}

/**
 * A declaration given at once, or loaded when the store first opens: a plugin passes
 * `() => import('./store.ts').then((m) => m.events)` so its schemas stay out of the sign-in page.
 */
export type Declared<T> = T | (() => Promise<T>)

/** The parts one plugin contributes. */
export interface EventParts {
  readonly id: string
  readonly events?: Declared<EventCatalogue>
  readonly projections?: Declared<ReadonlyArray<Projection>>
  readonly commands?: Declared<ReadonlyArray<CommandSpec>>
}

export interface LoadedEventParts {
  readonly id: string
  readonly events?: EventCatalogue
  readonly projections?: ReadonlyArray<Projection>
  readonly commands?: ReadonlyArray<CommandSpec>
}

export const defineCommand = <P, R>(spec: CommandSpec<P, R>): CommandSpec<P, R> => spec
export const defineProjection = <S, V = S>(projection: Projection<S, V>): Projection<S, V> => projection
