import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, type InspectionEvent, SimulatedClock, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import { type Delivery, type OutboxCommand, type OutboxEmitted, type OutboxInput, backoff, maxFailedAttempts, outboxMachine, retryDelay } from '../../machines/outbox.machine.ts'
import { createCoverage } from './support/coverage.ts'

const command = (id: string): OutboxCommand => ({ id, name: 'v1.ProfileUpdateRequested', payload: { firstName: id } })
const [c1, c2] = [command('c1'), command('c2')]

type Snapshot = SnapshotFrom<typeof outboxMachine>
type ModelEvent = { type: string; [key: string]: unknown }

const modelEvents: ModelEvent[] = [
  { type: 'outbox.appended', event: { kind: 'command', command: c1 } },
  { type: 'outbox.appended', event: { kind: 'command', command: c2 } },
  { type: 'outbox.appended', event: { kind: 'fact' } },
  { type: 'xstate.done.actor.deliver', output: { kind: 'confirmed', result: 'saved' } },
  { type: 'xstate.done.actor.deliver', output: { kind: 'rejected', code: 400, message: 'invalid' } },
  { type: 'xstate.done.actor.deliver', output: { kind: 'offline' } },
  { type: 'xstate.done.actor.deliver', output: { kind: 'failed', code: 500, message: 'server error' } },
  { type: 'xstate.error.actor.deliver', error: 'bug in deliver' },
  { type: 'outbox.online' },
  { type: 'outbox.offline' },
  { type: 'xstate.after.retryAfter.outbox.backingOff' },
  { type: 'xstate.after.deliveryTimeout.outbox.delivering' },
]

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Shorter than the app's (the API client's own time-out plus a margin): the simulated clock does not care, the reader does. */
const deliveryTimeoutMs = 90_000

/** A real outbox whose `deliver` calls wait until the test answers them. */
function startOutbox(input: OutboxInput, inspect?: (event: InspectionEvent) => void) {
  // `settled`: answered, or given up on by the outbox (a delivery it no longer waits for).
  const calls: Array<{ command: OutboxCommand; answer: ReturnType<typeof deferred<Delivery>>; settled: boolean }> = []
  const settled: OutboxEmitted[] = []
  const clock = new SimulatedClock()
  const machine = outboxMachine.provide({
    actors: {
      deliver: fromPromise<Delivery, { command: OutboxCommand }>(({ input: { command } }) => {
        const call = { command, answer: deferred<Delivery>(), settled: false }
        calls.push(call)
        return call.answer.promise.finally(() => (call.settled = true))
      }),
    },
  })
  // random = 1: every back-off waits its full (capped) length, so the test knows when it ends.
  const actor = createActor(machine, { input: { random: () => 1, deliveryTimeoutMs, ...input }, clock, ...(inspect ? { inspect } : {}) })
  actor.on('outbox.settled', (event) => settled.push(event))
  actor.on('outbox.setAside', (event) => settled.push(event))
  actor.start()
  const inFlight = () => calls.filter((c) => !c.settled)
  const answer = async (outcome: { output: Delivery } | { error: unknown }) => {
    const call = calls.at(-1)
    if (!call) throw new Error('no deliver call')
    if ('output' in outcome) call.answer.resolve(outcome.output)
    else call.answer.reject(outcome.error)
    await flush()
  }
  return { actor, clock, calls, settled, answer, inFlight }
}
type Outbox = ReturnType<typeof startOutbox>

async function perform(o: Outbox, event: ModelEvent) {
  if (event.type === 'xstate.done.actor.deliver') await o.answer({ output: event.output as Delivery })
  else if (event.type === 'xstate.error.actor.deliver') await o.answer({ error: event.error })
  else if (event.type.startsWith('xstate.after.retryAfter')) o.clock.increment(backoff.capMs)
  else if (event.type.startsWith('xstate.after.deliveryTimeout')) {
    // The delivery never settles: the outbox stops waiting for it once its time has passed.
    const stalled = o.inFlight()
    o.clock.increment(deliveryTimeoutMs)
    for (const call of stalled) call.settled = true
  }
  else o.actor.send(event as never)
}

/**
 * What a step compares. Not confirmedHead nor failures: they only grow, so it stays out of the graph's vertex
 * key (else the graph is infinite) and the model's value is the first route's; the rules test it.
 */
const observable = (snapshot: Snapshot) => ({
  value: snapshot.value,
  pending: snapshot.context.sync.pending.map((c) => c.id),
  online: snapshot.context.online,
  inFlight: snapshot.context.inFlight?.id ?? null,
  // Bounded (reset when the head is set aside or answered), so it may be part of the graph's key.
  failed: snapshot.context.failed,
  setAside: snapshot.context.sync.setAside.map((c) => c.id),
})

// Two failed attempts set a command aside here (five in the app): enough to walk both transitions, a smaller graph.
const starts: Array<[string, OutboxInput]> = [
  ['an empty log, online', { maxFailedAttempts: 2 }],
  ['an empty log, offline', { online: false, maxFailedAttempts: 2 }],
  ['a restored pending command', { restored: [{ kind: 'command', command: c1 }], maxFailedAttempts: 2 }],
]

/** As in the session test: `TestModel` because `createTestModel` refuses invoke and `after`. */
function pathsFrom(input: OutboxInput) {
  // Typed loosely: TestModel's inference trips over the machine's emitted events.
  const model = new TestModel(outboxMachine as AnyStateMachine, {
    input,
    events: modelEvents as never,
    filterEvents: (snapshot: Snapshot, event: ModelEvent) => snapshot.can(event as never),
    serializeState: (snapshot: Snapshot, event: ModelEvent | undefined, previous?: Snapshot) =>
      JSON.stringify([observable(snapshot), event ?? null, previous?.value ?? null]),
  })
  return model.getShortestPaths()
}

const coverage = createCoverage(outboxMachine)

describe('outbox machine — generated paths', () => {
  for (const [start, input] of starts) {
    describe(`starting with ${start}`, () => {
      for (const path of pathsFrom(input)) {
        it(path.description, async () => {
          const o = startOutbox(input, coverage.inspect)
          expect(o.inFlight().length).toBeLessThanOrEqual(1)
          for (const step of path.steps) {
            await perform(o, step.event as ModelEvent)
            expect(observable(o.actor.getSnapshot()), `after ${step.event.type}`).toEqual(observable(step.state as Snapshot))
            // Strictly one at a time: never two deliveries waiting for an answer.
            expect(o.inFlight().length).toBeLessThanOrEqual(1)
          }
          o.actor.stop()
        })
      }
    })
  }

  it('walks every state node and every transition of the machine', () => {
    expect(coverage.missedNodes()).toEqual([])
    expect(coverage.missedTransitions()).toEqual([])
  })
})

describe('outbox machine — rules', () => {
  it('stops waiting for a delivery that never settles, asks again with the same command, and drops the late answer', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    const first = o.calls[0]!
    o.clock.increment(deliveryTimeoutMs - 1)
    expect(o.actor.getSnapshot().value).toBe('delivering')
    o.clock.increment(1)
    expect(o.actor.getSnapshot().value).toBe('backingOff')
    o.clock.increment(backoff.capMs)
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c1'])
    // The first attempt's answer arrives late: the outbox no longer listens to it.
    first.answer.resolve({ kind: 'confirmed', result: 'late' })
    await flush()
    expect(o.settled).toEqual([])
    expect(o.actor.getSnapshot().value).toBe('delivering')
    await o.answer({ output: { kind: 'confirmed', result: 'replayed' } })
    expect(o.settled.map((s) => [s.command.id, s.delivery])).toEqual([['c1', { kind: 'confirmed', result: 'replayed' }]])
    expect(o.actor.getSnapshot().value).toBe('idle')
  })

  it('delivers pending commands strictly in order, one at a time', async () => {
    const o = startOutbox({})
    o.actor.send({ type: 'outbox.appended', event: { kind: 'command', command: c1 } })
    o.actor.send({ type: 'outbox.appended', event: { kind: 'command', command: c2 } })
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1'])
    await o.answer({ output: { kind: 'confirmed', result: 1 } })
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c2'])
    await o.answer({ output: { kind: 'confirmed', result: 2 } })
    expect(o.actor.getSnapshot().value).toBe('idle')
    expect(o.settled.map((s) => [s.command.id, s.delivery.kind])).toEqual([
      ['c1', 'confirmed'],
      ['c2', 'confirmed'],
    ])
    expect(o.actor.getSnapshot().context.sync).toEqual({ pending: [], confirmedHead: 2, setAside: [] })
  })

  it('a rejection settles the command and moves on to the next', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }, { kind: 'command', command: c2 }] })
    await o.answer({ output: { kind: 'rejected', code: 400, message: 'Email already used' } })
    expect(o.settled).toEqual([{ type: 'outbox.settled', command: c1, delivery: { kind: 'rejected', code: 400, message: 'Email already used' } }])
    expect(o.actor.getSnapshot().context.lastDecision).toBe('rollback')
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c2'])
  })

  it('an unanswered delivery while online backs off, then retries the same command', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    await o.answer({ output: { kind: 'offline' } })
    expect(o.actor.getSnapshot().value).toBe('backingOff')
    expect(o.actor.getSnapshot().hasTag('offline')).toBe(true)
    o.clock.increment(backoff.baseMs)
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c1'])
  })

  it('a 409 "in progress" answer keeps the command and tries again later; it is never settled as a refusal', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    await o.answer({ output: { kind: 'retry' } })
    expect(o.settled).toEqual([])
    expect(o.actor.getSnapshot().context.sync.pending).toEqual([c1])
    o.clock.increment(backoff.baseMs)
    await o.answer({ output: { kind: 'confirmed', result: 'applied once' } })
    expect(o.settled.map((s) => s.delivery.kind)).toEqual(['confirmed'])
  })

  it('does not deliver while the browser is offline, and starts after a jittered wait when it is back', () => {
    const o = startOutbox({ online: false, restored: [{ kind: 'command', command: c1 }] })
    expect(o.actor.getSnapshot().value).toBe('paused')
    o.clock.increment(60_000)
    expect(o.calls).toHaveLength(0)
    o.actor.send({ type: 'outbox.online' })
    expect(o.calls).toHaveLength(0)
    o.clock.increment(backoff.baseMs)
    expect(o.calls).toHaveLength(1)
  })

  it('retries back off exponentially up to the cap, and an answer resets them', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }, { kind: 'command', command: c2 }] })
    const waits: number[] = []
    for (let failure = 1; failure <= 7; failure++) {
      await o.answer({ output: { kind: 'offline' } })
      const before = o.calls.length
      let waited = 0
      while (o.calls.length === before) {
        o.clock.increment(100)
        waited += 100
      }
      waits.push(waited)
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
    await o.answer({ output: { kind: 'confirmed', result: 1 } })
    await o.answer({ output: { kind: 'offline' } })
    o.clock.increment(backoff.baseMs)
    expect(o.calls.at(-1)?.command.id).toBe('c2')
    expect(o.calls.filter((c) => c.command.id === 'c2')).toHaveLength(2)
  })

  it('going offline mid-delivery drops the answer; the replay carries the same command id', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    o.actor.send({ type: 'outbox.offline' })
    await o.answer({ output: { kind: 'confirmed', result: 'late' } })
    expect(o.settled).toEqual([])
    o.actor.send({ type: 'outbox.online' })
    o.clock.increment(backoff.baseMs)
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c1'])
  })

  it('an answer to a command that was settled meanwhile is not announced twice', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    o.actor.send({ type: 'outbox.appended', event: { kind: 'confirmed', commandId: 'c1' } })
    await o.answer({ output: { kind: 'confirmed', result: 'again' } })
    expect(o.settled).toEqual([])
    expect(o.actor.getSnapshot().context.sync).toEqual({ pending: [], confirmedHead: 1, setAside: [] })
  })
})

describe('outbox machine — a command the server cannot process', () => {
  const failed: Delivery = { kind: 'failed', code: 500, message: 'server error' }
  const waitOut = (o: Outbox) => o.clock.increment(backoff.capMs)

  it(`a command failing ${maxFailedAttempts} times is set aside and the commands behind it go on`, async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }, { kind: 'command', command: c2 }] })
    for (let attempt = 1; attempt < maxFailedAttempts; attempt++) {
      await o.answer({ output: failed })
      expect(o.actor.getSnapshot().value).toBe('backingOff')
      waitOut(o)
    }
    await o.answer({ output: failed })
    expect(o.calls.map((c) => c.command.id)).toEqual([...Array<string>(maxFailedAttempts).fill('c1'), 'c2'])
    expect(o.settled).toEqual([{ type: 'outbox.setAside', command: c1, delivery: failed }])
    expect(o.actor.getSnapshot().context.sync).toEqual({ pending: [c2], confirmedHead: 0, setAside: [c1] })
    await o.answer({ output: { kind: 'confirmed', result: 2 } })
    expect(o.actor.getSnapshot().value).toBe('idle')
    expect(o.settled.map((s) => [s.type, s.command.id])).toEqual([
      ['outbox.setAside', 'c1'],
      ['outbox.settled', 'c2'],
    ])
  })

  it('"offline" answers (503, no network) never set a command aside, however many', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    for (let attempt = 0; attempt < maxFailedAttempts * 3; attempt++) {
      await o.answer({ output: { kind: 'offline' } })
      waitOut(o)
    }
    expect(o.settled).toEqual([])
    expect(o.actor.getSnapshot().context.sync.pending).toEqual([c1])
  })

  it('the failures of one command are not counted against the next', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }, { kind: 'command', command: c2 }] })
    for (let attempt = 1; attempt < maxFailedAttempts; attempt++) {
      await o.answer({ output: failed })
      waitOut(o)
    }
    await o.answer({ output: { kind: 'confirmed', result: 1 } })
    await o.answer({ output: failed })
    expect(o.actor.getSnapshot().value).toBe('backingOff')
    expect(o.actor.getSnapshot().context.sync.setAside).toEqual([])
  })

  it('a retried command goes back at the end of the queue and is delivered', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }], maxFailedAttempts: 1 })
    await o.answer({ output: failed })
    expect(o.actor.getSnapshot().context.sync).toEqual({ pending: [], confirmedHead: 0, setAside: [c1] })
    o.actor.send({ type: 'outbox.appended', event: { kind: 'retried', commandId: 'c1' } })
    expect(o.calls.map((c) => c.command.id)).toEqual(['c1', 'c1'])
    await o.answer({ output: { kind: 'confirmed', result: 1 } })
    expect(o.actor.getSnapshot().context.sync).toEqual({ pending: [], confirmedHead: 1, setAside: [] })
  })
})

describe('retry delay', () => {
  it('stays within [0, min(cap, base·2^(failures-1))]', () => {
    for (let failures = 1; failures < 40; failures++) {
      const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** (failures - 1))
      expect(retryDelay(failures, () => 0)).toBe(0)
      expect(retryDelay(failures, () => 0.999999)).toBeLessThanOrEqual(ceiling)
      expect(retryDelay(failures, () => 0.999999)).toBeGreaterThan(ceiling * 0.99)
    }
  })

  it('forty devices that failed together do not retry together', () => {
    const delays = Array.from({ length: 40 }, () => retryDelay(5, Math.random))
    // Spread across the 16 s window, not bunched: at most a few share any one second.
    const perSecond = new Map<number, number>()
    for (const delay of delays) perSecond.set(Math.floor(delay / 1000), (perSecond.get(Math.floor(delay / 1000)) ?? 0) + 1)
    expect(Math.max(...perSecond.values())).toBeLessThan(12)
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(5_000)
  })
})
