import { Effect, Schedule, type Scope } from 'effect'
import { pruneHits } from './auth/rate-limit.ts'
import { pruneSessionsAndLinks } from './auth/retention.ts'
import type { DbClient } from './db/db.ts'
import { deliverDomainEvents, pruneDomainEvents } from './events/delivery.ts'
import type { ServerFeature } from './feature.ts'
import { pruneIdempotencyKeys } from './http/idempotency.ts'
import { pruneOutbox } from './mail/retention.ts'
import type { ClockService } from './services/clock.ts'
import type { FileStoreService } from './services/file-store.ts'
import { pruneUnlistedUploads } from './uploads/prune-unlisted.ts'

export interface Housekeeping {
  /**
   * Prunes once, now: expired sessions and links, rate-limit hits, the outbox, idempotency keys, unlisted uploads,
   * domain events past their retention; and hands the features' subscribers the domain events that have occurred.
   */
  readonly pruneNow: () => Promise<void>
  /**
   * Prunes once, then every `intervalSeconds` on a Schedule, in the scope it is forked into: it
   * ends when that scope closes (the server's close()). A failed round is logged; the next one runs.
   */
  readonly run: (intervalSeconds: number) => Effect.Effect<void, never, Scope.Scope>
}

/** The periodic housekeeping; the outbox's retention reads the Clock. */
export const housekeeping = (db: DbClient, fileStore: FileStoreService, clock: ClockService, features: ReadonlyArray<ServerFeature<never>>): Housekeeping => {
  const pruneNow = async () => {
    const now = new Date(clock.now())
    await Promise.all([
      pruneHits(db),
      db.query(pruneIdempotencyKeys),
      pruneOutbox(db, now),
      pruneUnlistedUploads(db, fileStore, now, features),
      pruneSessionsAndLinks(db, now),
      pruneDomainEvents(db, now),
    ])
    // One subscriber's failure (logged) neither stops the others nor loses its events: it hears them next round.
    for (const subscriber of features.flatMap((feature) => feature.domainEventSubscribers ?? []))
      await deliverDomainEvents(db, now, subscriber).catch((error: unknown) => console.error(`domain events for ${subscriber.id} failed:`, String(error)))
  }
  const pruneLogged = Effect.tryPromise(pruneNow).pipe(Effect.catch((error) => Effect.sync(() => console.error('pruning failed:', String(error.cause)))))
  return {
    pruneNow,
    run: (intervalSeconds) =>
      Effect.gen(function* () {
        yield* pruneLogged
        // Schedule.spaced waits before each round, so the first scheduled round comes one interval after this one.
        yield* Effect.forkScoped(Effect.schedule(pruneLogged, Schedule.spaced(`${intervalSeconds} seconds`)))
      }),
  }
}
