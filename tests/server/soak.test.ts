import { describe, expect, it } from 'vitest'
import { runSoak } from '../soak/soak.ts'

/**
 * The short soak (`npm run soak` is the full one): 20 devices on the app's event store and outbox,
 * 200 profile saves through the fault proxy, one SIGKILL of the server mid-transaction, on PGlite and,
 * with DATABASE_URL, on PostgreSQL. Both runs share this process, which is why the PostgreSQL run
 * used to fail after the PGlite one (every save unanswered, "version moved -10"), load or not: the
 * app's client kept the first run's device network (Effect caches the first `globalThis.fetch` it
 * reads; src/api/client-impl.ts now reads it per call), whose requests went out with no token, and
 * the devices' logs were named by index, so the second run restored the first one's log and its
 * profile versions (they are named by account now, as in the app). Longer than other server tests
 * (two server starts on PGlite, three on PostgreSQL): a claim the killed process left is taken over only after the
 * idempotency layer's "abandoned" window, which this run shortens from the server's minute to 15 s
 * (FASL_IDEMPOTENCY_ABANDONED_SECONDS). The run's own budgets end it before the test's
 * time-out, so a slow run reports its problems instead of running on beside the next one.
 */
/*
 * Once (a CI run on 2026-11-23) four devices stayed in the outbox's `delivering` state for good after
 * the SIGKILL: 27 saves unanswered, no request sent after the 49th second. What can hold a delivery
 * for good is a request whose abort is lost: the device network then waited on Node's fetch, whose
 * link to its abort signal can be dropped by a garbage collection (nodejs/undici#4068), and on an
 * `AbortSignal.timeout` that can be collected before it fires. Two changes close it: the device
 * network gives up on its own timer (tests/soak/device-network.ts, which also counts lost aborts),
 * and the app's outbox stops waiting on a delivery that outlives the API client's time-out and asks
 * again (machines/outbox.machine.ts `deliveryTimeout`; the soak's devices scale it down with their
 * network time-out), so no stuck request can hold a teacher's later work, whatever its cause.
 */
const databases: Array<[string, string | null]> = [
  ['pglite', null],
  ...(process.env.DATABASE_URL ? [['postgres', process.env.DATABASE_URL] as [string, string]] : []),
]

describe.each(databases)('fault-injection soak (%s)', (_name, databaseUrl) => {
  it('no save is lost or applied twice through dropped requests and answers, 500/503, time-outs, offline spells, reloads and a server SIGKILL', async () => {
    const lines: string[] = []
    const result = await runSoak({
      commands: 200,
      clients: 20,
      offlineMs: 2000,
      offlineEpisodes: 3,
      reloads: 6,
      kills: 1,
      databaseUrl,
      clientTimeoutMs: 1500,
      sendBudgetMs: 60_000,
      settleBudgetMs: 120_000,
      abandonedClaimSeconds: 15,
      log: (line) => lines.push(line),
    })
    const report = lines.join('\n')
    expect(result.commands, report).toBe(200)
    expect(result.faultCounts.killServer, report).toBe(1)
    expect(result.faults, report).toBeGreaterThan(10)
    expect(result.problems, report).toEqual([])
    expect(result.line, report).toBe('soak: 200 commands, ' + result.faults + ' faults, 0 lost, 0 duplicated')
  }, 480_000)
})
