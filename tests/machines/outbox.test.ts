import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type InspectionEvent, SimulatedClock } from 'xstate'
import { type Delivery, backoff, maxFailedAttempts, outboxMachine, retryDelay } from '../../machines/outbox.machine.ts'
import { testDatabases } from '../server/support/databases.ts'
import { createCoverage } from './support/coverage.ts'
import { type Outbox, c1, c2, flush, ruleDeliveryTimeoutMs, startOutbox } from './support/outbox-harness.ts'
import { type Label, type ModelEvent, type Path, type Snapshot, type Start, eventName, events, generatedPaths, pathOf } from './support/outbox-paths.ts'
import { type Observation, type OutboxDevice, startOutboxWorld } from './support/outbox-world.ts'

// The store makes its outbox actors itself; while a path runs they run on the test's clock (the
// waits pass when the path says so) and report what they walk to the coverage check. Nothing else changes.
const harness = vi.hoisted(() => ({ clock: null as unknown, inspect: undefined as ((event: InspectionEvent) => void) | undefined }))
vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof import('xstate')>()
  const createActor = ((logic: { id?: string }, options?: object) =>
    xstate.createActor(
      logic as never,
      (logic.id === 'outbox' && harness.clock !== null ? { ...options, clock: harness.clock as SimulatedClock, inspect: harness.inspect } : options) as never,
    )) as typeof xstate.createActor
  return { ...xstate, createActor }
})

const starts: ReadonlyArray<Start> = [
  { name: 'an empty log, online', input: {} },
  { name: 'an empty log, offline', input: { online: false } },
  { name: 'a save restored from the log', input: { restored: [{ kind: 'command', command: { id: 'c1', name: 'v2.ProfileUpdateRequested', payload: {} } }] } },
]
const scenarios: ReadonlyArray<Path> = [
  // Unanswered attempts (no network, 503) are not failed ones: four 500s after one are not yet the last.
  pathOf(starts[0]!, [
    events.save('c1'),
    events.answer('offline'),
    events.retryAfter,
    ...Array.from({ length: maxFailedAttempts }, () => [events.answer('failed'), events.retryAfter])
      .flat()
      .slice(0, -1),
  ]),
  pathOf(starts[0]!, [
    events.save('c1'),
    events.save('c2'),
    ...Array.from({ length: maxFailedAttempts }, () => [events.thrown, events.retryAfter])
      .flat()
      .slice(0, -1),
    events.answer('confirmed'),
    events.retried('c1'),
    events.answer('confirmed'),
  ]),
]
const paths = [...generatedPaths(starts), ...scenarios]
const coverage = createCoverage(outboxMachine)
const labels = (commands: ReadonlyArray<{ id: string }>) => commands.map((c) => c.id as Label)

/**
 * What each status means in the system, written here and not read from the machine: whether a
 * delivery is open at the network, whether the store shows work waiting, and the connectivity the
 * device reported. A step that lands in the wrong status contradicts the network or the store.
 */
const facts = (o: Observation) => ({
  online: o.online,
  requestsOpen: o.open.length,
  sendingAWaitingOne: o.open.length === 1 && o.pending.includes(o.open[0]!),
  waiting: o.pending.length > 0,
})
const meaning: Readonly<Record<string, Partial<ReturnType<typeof facts>>>> = {
  idle: { requestsOpen: 0, waiting: false },
  delivering: { online: true, requestsOpen: 1, sendingAWaitingOne: true },
  backingOff: { online: true, requestsOpen: 0, waiting: true },
  paused: { online: false, requestsOpen: 0, waiting: true },
}
const factsFor = (status: string, o: Observation) =>
  Object.fromEntries(Object.keys(meaning[status] ?? { unknownStatus: true }).map((key) => [key, facts(o)[key as keyof ReturnType<typeof facts>]]))

/** The path's state against the system: the status and its meaning, the queue, and the server's record of what the store confirmed. */
function expectState(device: OutboxDevice, state: Snapshot, o: Observation, where: string) {
  expect({ status: o.status, facts: factsFor(String(state.value), o) }, `${where}: status and what it means`).toEqual({
    status: state.value,
    facts: meaning[String(state.value)],
  })
  // The store lists waiting commands in the log's order (a retried one where it was first saved).
  expect({ pending: [...o.pending].sort(), setAside: o.setAside }, `${where}: the store's queue`).toEqual({
    pending: labels(state.context.sync.pending).sort(),
    setAside: labels(state.context.sync.setAside),
  })
  const last = o.confirmed.at(-1)
  expect(o.server, `${where}: the server holds exactly what the store confirmed`).toEqual({
    firstName: last === undefined ? device.initialFirstName : device.nameOf(last),
    version: device.initialVersion + o.confirmed.length,
    keys: expect.arrayContaining([...o.confirmed]) as never,
  })
  expect(o.server.keys, `${where}: no key stored for a save not confirmed`).toHaveLength(o.confirmed.length)
}

/** What each kind of step must bring about, from the outbox's rules (DESIGN, "Event-sourced client"), whatever the machine says. */
function expectRule(device: OutboxDevice, event: ModelEvent, before: Observation, after: Observation, failures: Map<string, number>, where: string) {
  const answered = before.open[0]
  const headStillWaits = () =>
    expect({ waits: after.pending.includes(answered!), open: after.open }, `${where}: still waiting, asked again only after a wait`).toEqual({
      waits: true,
      open: [],
    })
  if (event.type === 'outbox.appended') {
    const e = event.event
    if (e.kind === 'command' || e.kind === 'retried') {
      const label = e.kind === 'command' ? (e.command.id as Label) : e.commandId
      expect(after.pending, `${where}: queued`).toContain(label)
      const free = before.online && before.pending.length === 0 && before.open.length === 0
      if (free) expect(after.open, `${where}: sent at once when nothing else waits`).toEqual([label])
      if (!before.online) expect(after.open, `${where}: nothing sent while offline`).toEqual([])
    } else if (e.kind === 'discarded') {
      const id = device.idOf(e.commandId)
      expect({ discarded: after.discarded.includes(id), shown: after.shownFirstName === device.nameOf(id) }, `${where}: rolled back`).toEqual({
        discarded: true,
        shown: false,
      })
    } else
      expect({ status: after.status, open: after.open }, `${where}: a server read changes nothing in delivery`).toEqual({
        status: before.status,
        open: before.open,
      })
    return
  }
  if (event.type === 'xstate.done.actor.deliver' || event.type === 'xstate.error.actor.deliver') {
    const id = device.idOf(answered!)
    const kind = event.type === 'xstate.error.actor.deliver' ? 'thrown' : event.output.kind
    if (kind === 'confirmed') expect(after.confirmed, `${where}: confirmed`).toContain(id)
    else if (kind === 'rejected')
      expect({ rejected: after.rejected.includes(id), keyStored: after.server.keys.includes(id) }, `${where}: refused, not applied`).toEqual({
        rejected: true,
        keyStored: false,
      })
    else if (kind === 'offline' || kind === 'retry') headStillWaits()
    else {
      const count = (failures.get(id) ?? 0) + 1
      failures.set(id, count)
      if (count < maxFailedAttempts) headStillWaits()
      else {
        failures.delete(id)
        expect(
          { setAside: after.setAside.includes(answered!), pending: after.pending.includes(answered!) },
          `${where}: set aside after ${maxFailedAttempts} failed attempts`,
        ).toEqual({ setAside: true, pending: false })
      }
    }
    return
  }
  if (event.type === 'outbox.online' && !before.online && before.pending.length > 0)
    expect(after.open, `${where}: back online, a jittered wait first`).toEqual([])
  if (event.type === 'outbox.offline') expect(after.open, `${where}: nothing sent offline`).toEqual([])
  if (event.type === 'xstate.after.retryAfter.outbox.backingOff') expect(after.open, `${where}: asks again for the oldest`).toEqual(after.pending.slice(0, 1))
  if (event.type === 'xstate.after.deliveryTimeout.outbox.delivering') headStillWaits()
}

describe.each(testDatabases)('outbox machine: generated paths run on the real event store and the real server ($name) with injected faults', (database) => {
  let world: Awaited<ReturnType<typeof startOutboxWorld>>
  beforeAll(async () => {
    world = await startOutboxWorld(
      database,
      (clock) => void (harness.clock = clock),
      () => new SimulatedClock(),
    )
    harness.inspect = coverage.inspect
  }, 120_000)
  afterAll(async () => {
    harness.inspect = undefined
    await world?.close()
  })

  for (const path of paths) {
    it(`each step shows the status's meaning and the rule of its event — ${path.start.name}: ${path.steps.map((s) => eventName(s.event)).join(' → ') || '(start)'}`, async () => {
      const device = await world.device(path.start)
      try {
        let before = await device.observe()
        expectState(device, path.initial, before, 'at the start')
        const failures = new Map<string, number>()
        for (const [index, step] of path.steps.entries()) {
          const where = `step ${index + 1} (${eventName(step.event)})`
          await device.perform(step.event)
          const after = await device.observe()
          expectRule(device, step.event, before, after, failures, where)
          expectState(device, step.state, after, where)
          before = after
        }
        expect(path.unwalkable, 'the machine allows every event of the scenario').toBeUndefined()
      } finally {
        await device.close()
      }
    })
  }
})

describe('outbox machine: the paths walk it whole', () => {
  it("the store's outboxes went through every state node and every transition of the machine", () => {
    expect(coverage.missedNodes()).toEqual([])
    expect(coverage.missedTransitions()).toEqual([])
  })
})

describe('outbox machine — rules', () => {
  it('stops waiting for a delivery that never settles, asks again with the same command, and drops the late answer', async () => {
    const o = startOutbox({ restored: [{ kind: 'command', command: c1 }] })
    const first = o.calls[0]!
    o.clock.increment(ruleDeliveryTimeoutMs - 1)
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
    const o = startOutbox({
      restored: [
        { kind: 'command', command: c1 },
        { kind: 'command', command: c2 },
      ],
    })
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
    const o = startOutbox({
      restored: [
        { kind: 'command', command: c1 },
        { kind: 'command', command: c2 },
      ],
    })
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
    const o = startOutbox({
      restored: [
        { kind: 'command', command: c1 },
        { kind: 'command', command: c2 },
      ],
    })
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
    const o = startOutbox({
      restored: [
        { kind: 'command', command: c1 },
        { kind: 'command', command: c2 },
      ],
    })
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
