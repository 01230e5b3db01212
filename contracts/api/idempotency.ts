import { Context } from 'effect'
import { HttpApiMiddleware, OpenApi } from 'effect/http-api'
import { ApiUnavailable } from '../wire-failures.ts'
import { failures, IdempotencyKeyReused, InvalidInput, RequestInProgress } from '../failures.ts'

/** Longest Idempotency-Key accepted; a longer one is refused with 105, never cut. */
export const idempotencyKeyMaxLength = 200

/**
 * `Idempotency-Key` on a call that changes something: the first answer is stored in the same
 * transaction as the call's effect and replayed to every repeat of the same request. The key is
 * bound to the caller (the account, or the address when signed out), the method, the path and a
 * SHA-256 of the body: the same key with another request answers 422 (code 143); a repeat that
 * arrives while the first is still running answers 409 (code 144: try again); keys expire after
 * 24 hours. Sign-in, refresh, sign-in by link, forgot and reset password never carry it: their
 * answers hold tokens and are never stored or replayed.
 */
export class Idempotency extends HttpApiMiddleware.Service<Idempotency>()('fasl/Idempotency', {
  error: [...failures(InvalidInput, RequestInProgress, IdempotencyKeyReused), ApiUnavailable],
}) {}

/** Shows the header in the OpenAPI document of every endpoint that carries `Idempotency`. */
export const idempotencyHeader: Context.Context<OpenApi.Transform> = Context.make(OpenApi.Transform, (operation: Record<string, unknown>) => ({
  ...operation,
  parameters: [
    ...((operation.parameters as ReadonlyArray<unknown> | undefined) ?? []),
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: idempotencyKeyMaxLength },
      description:
        'Repeating the call with the same key returns the first answer and changes nothing more. Bound to the caller, method, path and body (another request: 422, code 143); still running: 409, code 144, try again; kept 24 hours.',
    },
  ],
}))
