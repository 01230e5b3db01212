import { createHash } from 'node:crypto'
import { Effect, Layer, Option } from 'effect'
import { HttpServerRequest, HttpServerResponse } from 'effect/http'
import { CurrentCaller, Idempotency, idempotencyKeyMaxLength } from '../../contracts/api.ts'
import { IdempotencyKeyReused, InvalidInput, RequestInProgress } from '../../contracts/failures.ts'
import { Config } from '../services/config.ts'
import { Db, heldTransaction } from '../services/db.ts'
import { requestAddress } from './request.ts'

/** Keys are kept this long (and pruned after). */
export const idempotencyKeyHours = 24

/** What a key is bound to besides the caller: method, path and a SHA-256 of the body. */
export const requestFingerprint = (method: string, path: string, body: Uint8Array) =>
  createHash('sha256').update(`${method} ${path}\n`).update(body).digest('hex')

interface KeyRow {
  request_hash: string
  status: number | null
  content_type: string | null
  body: string | null
  expired: boolean
  abandoned: boolean
}

const tooLong = new InvalidInput({
  issues: [{ field: 'Idempotency-Key', key: 'lengthBetween', values: { min: 1, max: idempotencyKeyMaxLength } }],
})

/**
 * The Idempotency middleware (contract in contracts/api/idempotency.ts). The key is claimed first,
 * in a statement of its own, so a repeat that arrives meanwhile sees it "in progress" (409, code
 * 144). The call's statements then run in ONE transaction with the storing of its answer: both are
 * committed or neither, so a crash can neither apply the call twice nor lose its record; a claim
 * left by a crash is taken over after FASL_IDEMPOTENCY_ABANDONED_SECONDS (a minute). That transaction begins at the call's first
 * statement (heldTransaction): a handler does its slow work (image work, file writes) before it, so
 * no transaction is open meanwhile. A call that fails (a refusal, 105, 5xx) rolls back and frees
 * the key, so the client's retry really runs. Answers that are not bytes (streams) are not stored.
 */
export const IdempotencyLive = Layer.effect(
  Idempotency,
  Effect.gen(function* () {
    const db = yield* Db
    // A claim older than this whose answer never came belongs to a process that died: it is taken over.
    const abandonedAfterSeconds = (yield* Config).idempotencyAbandonedSeconds
    return Idempotency.of((httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const key = request.headers['idempotency-key']
        if (key === undefined || key === '') return yield* httpEffect
        if (key.length > idempotencyKeyMaxLength) return yield* Effect.fail(tooLong)
        // A body that cannot be read is the endpoint's to refuse (too large, cut off): it reads the same cached failure.
        const body = yield* Effect.option(request.arrayBuffer)
        if (Option.isNone(body)) return yield* httpEffect
        const caller = yield* Effect.serviceOption(CurrentCaller)
        const scope = Option.isSome(caller) ? `user:${caller.value.userId}` : `address:${yield* requestAddress}`
        const path = request.url.split('?')[0] ?? request.url
        const fingerprint = requestFingerprint(request.method, request.url, new Uint8Array(body.value))

        const claim = db.query(
          `INSERT INTO idempotency_keys (scope, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
          [scope, key, request.method, path, fingerprint],
        )
        const existing = db.query<KeyRow>(
          `SELECT request_hash, status, content_type, body,
              created_at < now() - make_interval(hours => $3::int) AS expired,
              status IS NULL AND claimed_at < now() - make_interval(secs => $4::int) AS abandoned
         FROM idempotency_keys WHERE scope = $1 AND key = $2`,
          [scope, key, idempotencyKeyHours, abandonedAfterSeconds],
        )
        const free = db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL', [scope, key])

        let claimed = (yield* claim).length === 1
        for (let attempt = 0; !claimed && attempt < 3; attempt++) {
          const [row] = yield* existing
          if (row === undefined) {
            claimed = (yield* claim).length === 1 // freed meanwhile by a failed first request
            continue
          }
          if (row.expired) {
            yield* db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3::int)', [
              scope,
              key,
              idempotencyKeyHours,
            ])
            claimed = (yield* claim).length === 1
            continue
          }
          if (row.request_hash !== fingerprint) return yield* Effect.fail(new IdempotencyKeyReused())
          if (row.status !== null)
            return HttpServerResponse.text(row.body ?? '', {
              status: row.status,
              contentType: row.content_type ?? 'application/json',
              headers: { 'idempotent-replayed': 'true' },
            })
          if (!row.abandoned) return yield* Effect.fail(new RequestInProgress())
          claimed =
            (yield* db.query(
              'UPDATE idempotency_keys SET claimed_at = now() WHERE scope = $1 AND key = $2 AND status IS NULL AND claimed_at < now() - make_interval(secs => $3::int) RETURNING key',
              [scope, key, abandonedAfterSeconds],
            )).length === 1
        }
        if (!claimed) return yield* Effect.fail(new RequestInProgress())

        // The call's statements and its answer in one transaction, begun at the call's first
        // statement: slow work done before it (image work, file writes) holds nothing.
        const held = heldTransaction(db.client, Option.isSome(caller) ? caller.value.schoolId : null)
        const abandon = Effect.andThen(Effect.ignore(held.end(false)), Effect.ignore(free))
        const response = yield* Effect.provideService(httpEffect, Db, held.db).pipe(Effect.onError(() => abandon))
        const stored = response.body
        if (stored._tag !== 'Uint8Array' || response.status >= 500) {
          yield* held.end(true).pipe(Effect.ensuring(Effect.ignore(free)))
          return response
        }
        yield* held.db
          .query('UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE scope = $1 AND key = $2', [
            scope,
            key,
            response.status,
            stored.contentType,
            new TextDecoder().decode(stored.body),
          ])
          .pipe(
            Effect.andThen(held.end(true)),
            Effect.onError(() => abandon),
          )
        return response
      }),
    )
  }),
)

/** Drops keys older than 24 hours (run with the other pruning, outside any request). */
export const pruneIdempotencyKeys = `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${idempotencyKeyHours})`
