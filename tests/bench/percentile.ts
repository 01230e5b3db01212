import autocannon from 'autocannon'

export interface LoadResult {
  readonly requestsPerSecond: number
  readonly p99Ms: number
  readonly p50Ms: number
  readonly errors: number
  readonly non2xx: number
}

/** Drives `url` with `connections` keep-alive connections for `seconds`; a short warm-up is discarded. */
export const measureLoad = async (
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> => {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers: options.headers ?? {}, pipelining: 1 })
  await run(2)
  const result = await run(options.seconds)
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** p-th percentile of a list of numbers (nearest rank). */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}
