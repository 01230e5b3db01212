import autocannon from 'autocannon'
import { percentile } from './percentile.ts'
import type { Read, SchoolReads } from './school-work.ts'

export interface ReadsResult {
  /** Medians over the rounds. */
  readonly requestsPerSecond: number
  readonly ceilingPerSecond: number
  /** The median of the rounds' shares (each app round against the ceiling round just before it). */
  readonly share: number
  readonly shares: ReadonlyArray<number>
  /** Over every response of the app's rounds. */
  readonly p99Ms: number
  readonly p50Ms: number
  readonly errors: number
  readonly non2xx: number
  /** Each kind of read alone, one short run each after the rounds: where the time goes. */
  readonly alone: ReadonlyArray<{ readonly name: string; readonly requestsPerSecond: number; readonly p50Ms: number }>
}

/**
 * The school's reads as one endless stream: the six kinds in turn, each kind going round-robin
 * over the accounts that make it (school-work.ts), so consecutive requests come from different
 * accounts with different ids and nothing a server might keep for one account serves the next.
 */
const readStream = (school: SchoolReads) => {
  const cursors = school.kinds.map(() => 0)
  let turn = 0
  return (): Read => {
    const k = turn++ % school.kinds.length
    const reads = school.kinds[k]!.reads
    const at = cursors[k]!
    cursors[k] = at + 1
    return reads[at % reads.length]!
  }
}

export interface Round {
  readonly requestsPerSecond: number
  readonly latencies: ReadonlyArray<number>
  readonly errors: number
  readonly non2xx: number
}

/** `connections` keep-alive connections for `seconds`, each request the stream's next one. */
export const round = (url: string, next: () => Read, connections: number, seconds: number): Promise<Round> =>
  new Promise((resolve, reject) => {
    const latencies: number[] = []
    const setupRequest = (request: autocannon.Request): autocannon.Request => {
      const read = next()
      const headers: Record<string, string> = { authorization: `Bearer ${read.token}`, 'accept-language': 'en-US' }
      if (read.body !== undefined) Object.assign(headers, { 'content-type': 'application/json' })
      if (read.idempotencyKey !== undefined) Object.assign(headers, { 'idempotency-key': read.idempotencyKey })
      return { ...request, method: read.method, path: read.path, headers, ...(read.body === undefined ? {} : { body: read.body }) }
    }
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, requests: [{ setupRequest }] }, (error, result) => {
      if (error !== null && error !== undefined) return reject(error)
      resolve({ requestsPerSecond: result.requests.total / result.duration, latencies, errors: result.errors + result.timeouts, non2xx: result.non2xx })
    })
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })

const median = (values: ReadonlyArray<number>) => percentile(values, 50)

/**
 * The app at `appUrl` and the bare node:http answer at `ceilingUrl` take turns, `rounds` each of
 * `seconds`, after a warm-up of each that is not counted; both are sent the same stream of reads
 * (the bare server answers every one with the same small JSON), so the load generator's own cost
 * weighs on both alike. Then each kind of read alone, briefly, for the record.
 */
export const measureReads = async (
  appUrl: string,
  ceilingUrl: string,
  school: SchoolReads,
  options: { connections: number; seconds: number; rounds: number },
): Promise<ReadsResult> => {
  const next = readStream(school)
  await round(ceilingUrl, next, options.connections, 2)
  await round(appUrl, next, options.connections, 2)
  const ceilings: Round[] = []
  const apps: Round[] = []
  for (let index = 0; index < options.rounds; index++) {
    ceilings.push(await round(ceilingUrl, next, options.connections, options.seconds))
    apps.push(await round(appUrl, next, options.connections, options.seconds))
  }
  const alone = []
  for (const kind of school.kinds) {
    const run = await round(appUrl, readStream({ ...school, kinds: [kind] }), options.connections, Math.min(2, options.seconds))
    alone.push({ name: kind.name, requestsPerSecond: run.requestsPerSecond, p50Ms: percentile(run.latencies, 50) })
  }
  const shares = apps.map((app, index) => app.requestsPerSecond / ceilings[index]!.requestsPerSecond)
  const latencies = apps.flatMap((app) => app.latencies)
  return {
    requestsPerSecond: median(apps.map((app) => app.requestsPerSecond)),
    ceilingPerSecond: median(ceilings.map((ceiling) => ceiling.requestsPerSecond)),
    share: median(shares),
    shares,
    p99Ms: percentile(latencies, 99),
    p50Ms: percentile(latencies, 50),
    errors: apps.reduce((sum, app) => sum + app.errors, 0),
    non2xx: apps.reduce((sum, app) => sum + app.non2xx, 0),
    alone,
  }
}
