import { Context, Effect } from 'effect'
import type { ApiUnavailable } from '../../contracts/wire-failures.ts'
import { clearHits, hitsWithin, pruneHits, recordHit, retryAfterSeconds, takeHit } from '../auth/rate-limit.ts'
import { Db, onDb } from './db.ts'

/**
 * Sliding-window counters (sign-in and reset attempts), kept in the database so several server
 * processes share them. A bucket names what is counted: 'signin:address:1.2.3.4', ...
 */
export interface RateLimitsService {
  readonly hitsWithin: (bucket: string, windowMinutes: number) => Effect.Effect<number, ApiUnavailable, Db>
  readonly record: (bucket: string) => Effect.Effect<void, ApiUnavailable, Db>
  /**
   * Counts and records one attempt atomically while fewer than `limit` were made within the
   * window, answering how many are left after it (0: this was the last one allowed); after that
   * null, and nothing is recorded. Parallel attempts queue on the bucket, so 40 at once against
   * a limit of 10 let exactly 10 through, and exactly one of them is told 0.
   */
  readonly take: (bucket: string, windowMinutes: number, limit: number) => Effect.Effect<number | null, ApiUnavailable, Db>
  /** Seconds until a refused bucket takes an attempt again (the 429's Retry-After). */
  readonly retryAfter: (bucket: string, windowMinutes: number, limit: number) => Effect.Effect<number, ApiUnavailable, Db>
  readonly clear: (bucket: string) => Effect.Effect<void, ApiUnavailable, Db>
  readonly prune: () => Effect.Effect<void, ApiUnavailable, Db>
}

export class RateLimits extends Context.Service<RateLimits, RateLimitsService>()('fasl/RateLimits') {}

export const databaseRateLimits: RateLimitsService = {
  hitsWithin: (bucket, windowMinutes) => onDb((on) => hitsWithin(on, bucket, windowMinutes)),
  record: (bucket) => Effect.asVoid(onDb((on) => recordHit(on, bucket))),
  take: (bucket, windowMinutes, limit) =>
    Effect.gen(function* () {
      const db = yield* Db
      if (!db.inTransaction) return yield* db.transaction(onDb((tx) => takeHit(tx, bucket, windowMinutes, limit)))
      // In the request's transaction (Idempotency), the bucket's lock is held to its end. A refused
      // call (a wrong password) rolls it back: the attempt is then counted again, so it survives.
      const taken = yield* onDb((tx) => takeHit(tx, bucket, windowMinutes, limit))
      if (taken !== null)
        db.afterRollback(() => void recordHit(db.client, bucket).catch((error: unknown) => console.error('rate limit: a hit was not kept:', String(error))))
      return taken
    }),
  retryAfter: (bucket, windowMinutes, limit) => onDb((on) => retryAfterSeconds(on, bucket, windowMinutes, limit)),
  clear: (bucket) => Effect.asVoid(onDb((on) => clearHits(on, bucket))),
  prune: () => Effect.asVoid(onDb((on) => pruneHits(on))),
}
