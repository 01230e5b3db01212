import type { Round } from './measure-reads.ts'
import type { Read } from './school-work.ts'

/** A pause of mean `meanMs` drawn from the exponential distribution (independent people's acts arrive as a Poisson stream), cut at `endsAt`. */
const pause = (meanMs: number, endsAt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(-Math.log(1 - Math.random()) * meanMs, Math.max(0, endsAt - performance.now()))))

/**
 * `students` students for `seconds`, each on her own connection and at her own pace: she pauses
 * (a random pause of mean `meanGapMs`), sends her next request (`nextOf(her index)`), waits for its
 * answer and pauses again, as a page whose outbox sends a device's commands one after another does.
 * Unlike a flood (each connection sending its next request the moment the last is answered), the
 * server is offered what a room of people offers it, and a slow answer does not slow the offer
 * down, so the latencies tell how long a student waits. Their first requests are spread over the
 * first pause, not sent together. Answers the requests answered a second (over the round, and the
 * last answers after it) and every latency.
 */
export const pacedRound = async (url: string, nextOf: (student: number) => Read, students: number, meanGapMs: number, seconds: number): Promise<Round> => {
  const latencies: number[] = []
  let errors = 0
  let non2xx = 0
  const began = performance.now()
  const endsAt = began + seconds * 1000
  const student = async (index: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(meanGapMs, seconds * 1000)))
    while (performance.now() < endsAt) {
      const read = nextOf(index)
      const sent = performance.now()
      try {
        const response = await fetch(`${url}${read.path}`, {
          method: read.method,
          headers: {
            authorization: `Bearer ${read.token}`,
            'accept-language': 'en-US',
            ...(read.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(read.idempotencyKey === undefined ? {} : { 'idempotency-key': read.idempotencyKey }),
          },
          ...(read.body === undefined ? {} : { body: read.body }),
          signal: AbortSignal.timeout(10_000),
        })
        await response.arrayBuffer()
        if (response.status < 200 || response.status >= 300) non2xx += 1
        else latencies.push(performance.now() - sent)
      } catch {
        errors += 1
      }
      await pause(meanGapMs, endsAt)
    }
  }
  await Promise.all(Array.from({ length: students }, (_, index) => student(index)))
  return { requestsPerSecond: latencies.length / (Math.max(seconds * 1000, performance.now() - began) / 1000), latencies, errors, non2xx }
}
