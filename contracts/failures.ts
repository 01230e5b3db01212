import { Context, Effect, Schema, SchemaTransformation } from 'effect'
import { type FailureFields } from './envelope.ts'
import { ApiFailure, ApiForbidden, ApiInProgress, ApiKeyReused, ApiNotFound, ApiTooManyRequests, ApiUnauthorized } from './wire-failures.ts'
import type { serverMessages } from './errors.ts'
import type { Issue } from './validation.ts'

/*
 * Domain failures: what a handler (or the core's middleware) fails with. They carry no language and
 * no envelope: a refusal's catalogue code, the issues of bad input, "not found"… An endpoint declares
 * which it can fail with (`error: failures(Refused, InvalidInput, NotFound)`); the API encodes each
 * into the spec's envelope, worded in the caller's language, at the edge (FailureWording, below).
 */

const isIssue = (value: unknown): value is Issue =>
  typeof value === 'object' && value !== null && typeof (value as Issue).field === 'string' && typeof (value as Issue).key === 'string'

/** A refusal with a catalogue code (the spec's 100–138, Fasl's 139 and up, a feature's own): HTTP 400. */
export class Refused extends Schema.TaggedError<Refused>()('Refused', { code: Schema.Number }) {}
/** Input that breaks a rule (code 105), each issue naming its field and message key: HTTP 400. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()('InvalidInput', { issues: Schema.Array(Schema.declare(isIssue)) }) {}
/** A rule of Fasl's beyond the catalogue, worded by a server message (code 142): HTTP 400. */
export class ServerMessageRefusal extends Schema.TaggedError<ServerMessageRefusal>()('ServerMessageRefusal', {
  key: Schema.Literals(['signInLinkInvalid'] satisfies ReadonlyArray<keyof typeof serverMessages>),
}) {}
/** No valid access token (missing, expired, revoked): HTTP 401. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()('Unauthorized', {}) {}
/** Signed in, but the call is not open to this account: HTTP 403. */
export class Forbidden extends Schema.TaggedError<Forbidden>()('Forbidden', {}) {}
/** Signed in with a one-time password: only the profile and the password change are open (code 142): HTTP 403. */
export class PasswordChangeRequired extends Schema.TaggedError<PasswordChangeRequired>()('PasswordChangeRequired', {}) {}
/** The thing asked for does not exist, or is not the caller's: HTTP 404. */
export class NotFound extends Schema.TaggedError<NotFound>()('NotFound', {}) {}
/** A rate limit reached (code 142): HTTP 429, with the seconds until an attempt is taken again. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()('TooManyRequests', { retryAfterSeconds: Schema.Number }) {}

/** The Idempotency-Key's first request is still being answered (code 144): HTTP 409, try again. */
export class RequestInProgress extends Schema.TaggedError<RequestInProgress>()('RequestInProgress', {}) {}
/** The Idempotency-Key was used before for a different request (code 143): HTTP 422. */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()('IdempotencyKeyReused', {}) {}

export type DomainFailure =
  | Refused
  | InvalidInput
  | ServerMessageRefusal
  | Unauthorized
  | Forbidden
  | PasswordChangeRequired
  | NotFound
  | TooManyRequests
  | RequestInProgress
  | IdempotencyKeyReused

/**
 * Words a domain failure as the envelope, in the language of the request being answered. Declared
 * here so the API's error schemas can ask for it when they encode; the server provides it once
 * (server/http/failure-wording.ts) where it composes the handlers. The client never encodes an
 * error, so it never needs it, and the texts stay out of its bundle.
 */
export class FailureWording extends Context.Service<FailureWording, { readonly envelopeOf: (failure: DomainFailure) => Effect.Effect<FailureFields> }>()(
  'fasl/FailureWording',
) {}

type WireClass =
  typeof ApiFailure | typeof ApiUnauthorized | typeof ApiForbidden | typeof ApiNotFound | typeof ApiTooManyRequests | typeof ApiInProgress | typeof ApiKeyReused

/**
 * A domain failure as the API declares it: on the server a failure (of `domain`) encodes to the
 * envelope class of its HTTP status (`wire`, whose fields are the envelope), worded by FailureWording;
 * the client decodes that envelope into `wire` (ApiFailure, ApiNotFound…), which carries the server's
 * text. The OpenAPI document describes `wire`'s encoded form: the envelope the client receives.
 */
const onTheWire = <D extends new (...args: never[]) => DomainFailure, W extends WireClass>(domain: D, wire: W, status: number) => {
  const envelopeOf = (failure: unknown) =>
    failure instanceof wire
      ? Effect.succeed(failure as ApiFailure)
      : Effect.flatMap(Effect.service(FailureWording), (wording) =>
          Effect.map(wording.envelopeOf(failure as DomainFailure), (fields) => new (wire as typeof ApiFailure)(fields)),
        )
  return (wire as typeof ApiFailure).pipe(
    Schema.decodeTo(
      Schema.Union([Schema.instanceOf(domain), Schema.instanceOf(wire as typeof ApiFailure)]),
      SchemaTransformation.transformEffect<InstanceType<D> | ApiFailure, ApiFailure, never, FailureWording>({
        decode: (received) => Effect.succeed(received),
        encode: envelopeOf,
      }),
    ),
    // HttpApi reads the status from the declared (decoded) side; the OpenAPI document names the
    // envelope after the domain failure (RefusedEncoded, NotFoundEncoded…).
    Schema.annotate({ httpApiStatus: status, identifier: (domain as unknown as { readonly identifier: string }).identifier }),
  ) as unknown as Schema.decodeTo<Schema.Union<readonly [Schema.instanceOf<InstanceType<D>>, Schema.instanceOf<InstanceType<W>>]>, W, never, FailureWording>
}

const declared = {
  Refused: onTheWire(Refused, ApiFailure, 400),
  InvalidInput: onTheWire(InvalidInput, ApiFailure, 400),
  ServerMessageRefusal: onTheWire(ServerMessageRefusal, ApiFailure, 400),
  Unauthorized: onTheWire(Unauthorized, ApiUnauthorized, 401),
  Forbidden: onTheWire(Forbidden, ApiForbidden, 403),
  PasswordChangeRequired: onTheWire(PasswordChangeRequired, ApiForbidden, 403),
  NotFound: onTheWire(NotFound, ApiNotFound, 404),
  TooManyRequests: onTheWire(TooManyRequests, ApiTooManyRequests, 429),
  RequestInProgress: onTheWire(RequestInProgress, ApiInProgress, 409),
  IdempotencyKeyReused: onTheWire(IdempotencyKeyReused, ApiKeyReused, 422),
}
type Declared = typeof declared

const byClass = new Map<unknown, Declared[keyof Declared]>([
  [Refused, declared.Refused],
  [InvalidInput, declared.InvalidInput],
  [ServerMessageRefusal, declared.ServerMessageRefusal],
  [Unauthorized, declared.Unauthorized],
  [Forbidden, declared.Forbidden],
  [PasswordChangeRequired, declared.PasswordChangeRequired],
  [NotFound, declared.NotFound],
  [TooManyRequests, declared.TooManyRequests],
  [RequestInProgress, declared.RequestInProgress],
  [IdempotencyKeyReused, declared.IdempotencyKeyReused],
])

type FailureClass = abstract new (...args: never[]) => DomainFailure

/** The error schemas of an endpoint (its `error:` list), from the domain failures it can fail with. */
export const failures = <const Failures extends ReadonlyArray<FailureClass>>(
  ...domain: Failures
): { readonly [K in keyof Failures]: Declared[InstanceType<Failures[K]>['_tag']] } => domain.map((failure) => byClass.get(failure)) as never
