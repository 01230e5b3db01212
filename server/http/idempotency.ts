import { Effect } from 'effect'
import { HttpServerRequest, HttpServerResponse } from 'effect/http'
import type { AccessTokens } from '../auth/tokens.ts'
import type { Db } from '../db/db.ts'

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const pollMs = 50
const waitForFirstMs = 30_000

interface StoredAnswer {
  status: number | null
  content_type: string | null
  body: string | null
}

/**
 * Idempotency-Key, once for every mutating call: the first answer (status and body) is stored,
 * keyed by the caller (the signed-in user, else the client address) and the key; a repeat gets
 * that answer back and has no second effect. A repeat that arrives while the first is still
 * running waits for it.
 */
export const withIdempotency = <E, R>(
  db: Db,
  tokens: AccessTokens,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const key = request.headers['idempotency-key']
    if (key === undefined || key === '' || !mutating.has(request.method)) return yield* app
    const scope = yield* Effect.promise(() => callerScope(tokens, request))
    const path = request.url.split('?')[0] ?? request.url
    const claimed = yield* Effect.promise(() =>
      db.query(
        'INSERT INTO idempotency_keys (scope, key, method, path) VALUES ($1, $2, $3, $4) ON CONFLICT (scope, key) DO NOTHING RETURNING key',
        [scope, key.slice(0, 200), request.method, path],
      ),
    )
    if (claimed.length === 0) return yield* Effect.promise(() => replay(db, scope, key.slice(0, 200)))
    const response = yield* app.pipe(
      // A failure before any answer frees the key, so the client's retry really runs.
      Effect.onError(() => Effect.promise(() => db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key.slice(0, 200)]))),
    )
    const body = response.body
    if (body._tag !== 'Uint8Array' || response.status >= 500) {
      // Bodies that are not bytes (files, streams) and server faults are not replayed: the retry runs again.
      yield* Effect.promise(() => db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key.slice(0, 200)]))
      return response
    }
    yield* Effect.promise(() =>
      db.query('UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE scope = $1 AND key = $2', [
        scope,
        key.slice(0, 200),
        response.status,
        body.contentType,
        new TextDecoder().decode(body.body),
      ]),
    )
    return response
  })

const callerScope = async (tokens: AccessTokens, request: HttpServerRequest.HttpServerRequest) => {
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
  const caller = bearer === undefined ? null : await tokens.verify(bearer)
  if (caller !== null) return `user:${caller.userId}`
  return `address:${request.remoteAddress._tag === 'Some' ? request.remoteAddress.value : 'unknown'}`
}

const replay = async (db: Db, scope: string, key: string): Promise<HttpServerResponse.HttpServerResponse> => {
  const deadline = Date.now() + waitForFirstMs
  for (;;) {
    const [row] = await db.query<StoredAnswer>('SELECT status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key])
    if (row !== undefined && row.status !== null)
      return HttpServerResponse.text(row.body ?? '', {
        status: row.status,
        contentType: row.content_type ?? 'application/json',
        headers: { 'idempotent-replayed': 'true' },
      })
    // The first request failed and freed the key, or is still running: wait a little.
    if (row === undefined || Date.now() > deadline) return HttpServerResponse.text('', { status: 409 })
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
