import { type InspectionEvent, SimulatedClock, createActor, fromPromise } from 'xstate'
import { type Delivery, type OutboxCommand, type OutboxEmitted, type OutboxInput, outboxMachine } from '../../../machines/outbox.machine.ts'

export const command = (id: string): OutboxCommand => ({ id, name: 'v1.ProfileUpdateRequested', payload: { firstName: id } })
export const [c1, c2] = [command('c1'), command('c2')]

/** The machine alone, its `deliver` calls waiting until the test answers them: for the outbox's rules with hand-written expectations. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Shorter than the app's (the API client's own time-out plus a margin): the simulated clock does not care, the reader does. */
export const ruleDeliveryTimeoutMs = 90_000

/** A real outbox whose `deliver` calls wait until the test answers them. */
export function startOutbox(input: OutboxInput, inspect?: (event: InspectionEvent) => void) {
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
  const actor = createActor(machine, {
    input: { random: () => 1, deliveryTimeoutMs: ruleDeliveryTimeoutMs, ...input },
    clock,
    inspect: inspect ?? (() => undefined),
  })
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
export type Outbox = ReturnType<typeof startOutbox>
