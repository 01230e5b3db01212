import { and, assertEvent, assign, enqueueActions, fromPromise, not, setup } from 'xstate'
import { requestDefaults } from '../contracts/settings.ts'
import { type MergeResult, type SyncCommand, type SyncEvent, type SyncState, emptySyncState, merge } from './sync-state.ts'

/** A command as the outbox hands it to `deliver`: its id doubles as the Idempotency-Key. */
export interface OutboxCommand extends SyncCommand {
  readonly payload: unknown
}

/** The server's answer to one command, as the app's `deliver` reports it. */
export type Delivery =
  | { readonly kind: 'confirmed'; readonly result: unknown }
  | { readonly kind: 'rejected'; readonly code: string | number; readonly message: string; readonly fields?: Readonly<Record<string, string>> }
  /** No network or a time-out: nothing was decided, so the command stays at the head. */
  | { readonly kind: 'offline' }
  /** The server answered that it cannot serve now (503, a gateway's 502 / 504): nothing decided, the command stays at the head. */
  | { readonly kind: 'unavailable' }
  /** The server is still working on this key (idempotency "in progress", HTTP 409): ask again later, never a refusal. */
  | { readonly kind: 'retry' }
  /**
   * The server answered but could not process it (a 500): asked again a few times, then set aside
   * (`maxFailedAttempts`), so one command the server cannot take never holds back the ones behind it.
   */
  | { readonly kind: 'failed'; readonly code: string | number; readonly message: string }

/** Failed attempts of one command (answers of kind "failed", or a throwing deliver) before it is set aside. */
export const maxFailedAttempts = 5

/** Retry timing: the first wait is up to `baseMs`, doubling per failure, never over `capMs`. */
export const backoff = { baseMs: 1_000, capMs: 30_000 } as const

/**
 * How long to wait before the next attempt after `failures` failed ones: "full jitter" (a random
 * point in [0, min(cap, base·2^(failures-1))]), so forty devices that failed together do not retry together.
 */
export const retryDelay = (failures: number, random: () => number): number =>
  Math.round(random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30)))

/**
 * How long one delivery may go unanswered before the outbox stops waiting for it and tries again
 * later: the API client's own time-out (the spec's ~1,000,000 ms) plus a margin, so it only fires
 * when an answer was lost on the way (a network stack that never settles the request). The replay
 * carries the same Idempotency-Key, so a late-landing first attempt is still applied once.
 */
export const defaultDeliveryTimeoutMs = requestDefaults.timeoutMs + 60_000

export interface OutboxInput {
  /** The log as restored at boot, in order: pending commands resume from here. */
  readonly restored?: ReadonlyArray<SyncEvent<OutboxCommand>>
  readonly online?: boolean
  /** A number in [0, 1) per retry; injected by tests, Math.random otherwise. */
  readonly random?: () => number
  /** See `defaultDeliveryTimeoutMs`; a device with a shorter network time-out passes a shorter one. */
  readonly deliveryTimeoutMs?: number
  /** See `maxFailedAttempts` (the default). */
  readonly maxFailedAttempts?: number
}

export interface OutboxContext {
  sync: SyncState<OutboxCommand>
  /** The browser's word on connectivity; deliveries wait while it is false. */
  online: boolean
  /** The command being delivered; its answer settles this one even if the queue moved meanwhile. */
  inFlight: OutboxCommand | null
  lastDecision: MergeResult['decision'] | null
  /** Failed attempts since the last answer: sets the back-off. */
  failures: number
  /** "failed" answers of the command at the head, counted towards setting it aside. */
  failed: { readonly commandId: string; readonly count: number } | null
  maxFailedAttempts: number
  random: () => number
  deliveryTimeoutMs: number
}

export type OutboxEvent = { type: 'outbox.appended'; event: SyncEvent<OutboxCommand> } | { type: 'outbox.online' } | { type: 'outbox.offline' }

/** Emitted for the store to append `v1.CommandConfirmed` / `v1.CommandRejected` / `v1.CommandSetAside` to the log. */
export type OutboxEmitted =
  | {
      type: 'outbox.settled'
      command: OutboxCommand
      delivery: Extract<Delivery, { kind: 'confirmed' | 'rejected' }>
    }
  | {
      type: 'outbox.setAside'
      command: OutboxCommand
      delivery: Extract<Delivery, { kind: 'failed' }>
    }

/** A delivery that threw (a bug, bytes missing from the device): a failure, with what it said. */
const failureOf = (error: unknown): Extract<Delivery, { kind: 'failed' }> => ({
  kind: 'failed',
  code: 0,
  message: error instanceof Error ? error.message : String(error),
})
const failedSoFar = (context: OutboxContext) => (context.failed !== null && context.failed.commandId === context.inFlight?.id ? context.failed.count : 0)

const restore = (events: ReadonlyArray<SyncEvent<OutboxCommand>>) =>
  events.reduce<SyncState<OutboxCommand>>((state, event) => merge(state, event).state, emptySyncState)

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
    emitted: {} as OutboxEmitted,
    tags: {} as 'syncing' | 'offline',
  },
  actors: {
    deliver: fromPromise<Delivery, { command: OutboxCommand }>(() => Promise.reject(new Error('outbox actor "deliver" not provided'))),
  },
  guards: {
    isOnline: ({ context }) => context.online,
    hasPendingCommands: ({ context }) => context.sync.pending.length > 0,
    isAnswered: (_, params: { delivery: Delivery }) => params.delivery.kind === 'confirmed' || params.delivery.kind === 'rejected',
    isFailed: (_, params: { delivery: Delivery }) => params.delivery.kind === 'failed',
    isLastFailedAttempt: ({ context }, params: { delivery: Delivery }) =>
      params.delivery.kind === 'failed' && failedSoFar(context) + 1 >= context.maxFailedAttempts,
  },
  actions: {
    mergeAppended: assign(({ context, event }) => {
      assertEvent(event, 'outbox.appended')
      const result = merge(context.sync, event.event)
      return { sync: result.state, lastDecision: result.decision }
    }),
    takeHead: assign({ inFlight: ({ context }) => context.sync.pending[0] ?? null }),
    // Merges the answer, then announces it (once: an answer to an already-settled command is dropped).
    settle: enqueueActions(({ context, enqueue }, params: { delivery: Delivery }) => {
      const command = context.inFlight
      const { delivery } = params
      if (!command || (delivery.kind !== 'confirmed' && delivery.kind !== 'rejected')) return
      const result = merge(context.sync, { kind: delivery.kind, commandId: command.id })
      enqueue.assign({ sync: result.state, lastDecision: result.decision, failures: 0, failed: null })
      if (result.decision !== 'ignore') enqueue.emit({ type: 'outbox.settled', command, delivery })
    }),
    // Out of the queue (the next command goes), announced for the store to log and show.
    setAside: enqueueActions(({ context, enqueue }, params: { delivery: Delivery }) => {
      const command = context.inFlight
      const { delivery } = params
      if (!command || delivery.kind !== 'failed') return
      const result = merge(context.sync, { kind: 'setAside', commandId: command.id })
      enqueue.assign({ sync: result.state, lastDecision: result.decision, failures: 0, failed: null })
      if (result.decision !== 'ignore') enqueue.emit({ type: 'outbox.setAside', command, delivery })
    }),
    countFailedAttempt: assign({
      failed: ({ context }) => (context.inFlight ? { commandId: context.inFlight.id, count: failedSoFar(context) + 1 } : context.failed),
    }),
    forgetInFlight: assign({ inFlight: null }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
  },
  delays: {
    /** After a failed attempt while the browser says online (a 503, a 409), or on coming back online. */
    retryAfter: ({ context }) => retryDelay(context.failures, context.random),
    deliveryTimeout: ({ context }) => context.deliveryTimeoutMs,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    sync: restore(input.restored ?? []),
    online: input.online ?? true,
    inFlight: null,
    lastDecision: null,
    failures: 0,
    failed: null,
    maxFailedAttempts: input.maxFailedAttempts ?? maxFailedAttempts,
    random: input.random ?? Math.random,
    deliveryTimeoutMs: input.deliveryTimeoutMs ?? defaultDeliveryTimeoutMs,
  }),
  initial: 'idle',
  on: {
    'outbox.appended': { actions: 'mergeAppended' },
  },
  states: {
    idle: {
      entry: 'forgetInFlight',
      // Eventless: re-checked after every event, so an appended command starts delivery at once.
      always: [
        { guard: and([not('isOnline'), 'hasPendingCommands']), target: 'paused' },
        { guard: and(['isOnline', 'hasPendingCommands']), target: 'delivering' },
      ],
      on: {
        'outbox.online': { actions: 'goOnline' },
        'outbox.offline': { actions: 'goOffline' },
      },
    },
    // One command at a time, oldest first: later edits must not overtake earlier ones.
    delivering: {
      tags: ['syncing'],
      entry: 'takeHead',
      invoke: {
        id: 'deliver',
        src: 'deliver',
        input: ({ context }) => ({ command: context.inFlight as OutboxCommand }),
        onDone: [
          {
            guard: { type: 'isAnswered', params: ({ event }) => ({ delivery: event.output }) },
            target: 'idle',
            actions: { type: 'settle', params: ({ event }) => ({ delivery: event.output }) },
          },
          // The server could not process it, for the last time: set it aside, go on with the next.
          {
            guard: { type: 'isLastFailedAttempt', params: ({ event }) => ({ delivery: event.output }) },
            target: 'idle',
            actions: { type: 'setAside', params: ({ event }) => ({ delivery: event.output }) },
          },
          {
            guard: { type: 'isFailed', params: ({ event }) => ({ delivery: event.output }) },
            target: 'backingOff',
            actions: ['countFailure', 'countFailedAttempt'],
          },
          // Unanswered ("offline", "unavailable", "retry"): keep the command at the head and wait before asking again.
          // (Delivering only runs while online: going offline leaves this state at once.)
          { target: 'backingOff', actions: 'countFailure' },
        ],
        // A thrown deliver (a bug, missing bytes) is a failed attempt like a 500: a few, then set aside.
        onError: [
          {
            guard: { type: 'isLastFailedAttempt', params: ({ event }) => ({ delivery: failureOf(event.error) }) },
            target: 'idle',
            actions: { type: 'setAside', params: ({ event }) => ({ delivery: failureOf(event.error) }) },
          },
          { target: 'backingOff', actions: ['countFailure', 'countFailedAttempt'] },
        ],
      },
      // A delivery that never settles must not hold the teacher's later work for good: stop waiting
      // (leaving the state stops the invoked actor, so a late answer is dropped) and ask again.
      after: { deliveryTimeout: { target: 'backingOff', actions: 'countFailure' } },
      on: {
        'outbox.online': { actions: 'goOnline' },
        // Leaving cancels waiting for the answer; the request may have landed, and the replay
        // carries the same Idempotency-Key, so the server applies it once.
        'outbox.offline': { target: 'paused', actions: 'goOffline' },
      },
    },
    // Online, but the last attempt went unanswered: wait a jittered, growing while.
    backingOff: {
      entry: 'forgetInFlight',
      tags: ['offline'],
      after: { retryAfter: { target: 'idle' } },
      on: {
        'outbox.online': { actions: 'goOnline' },
        'outbox.offline': { target: 'paused', actions: 'goOffline' },
      },
    },
    // The browser says offline: nothing to try until it says online.
    paused: {
      entry: 'forgetInFlight',
      tags: ['offline'],
      on: {
        // Every device of a school sees the network come back at the same moment: a jittered wait first.
        'outbox.online': { target: 'backingOff', actions: 'goOnline' },
        // No 'outbox.offline' here: every way in (going offline, idle's check) leaves `online` false already.
      },
    },
  },
})
