import { Schema } from 'effect'
import { ValidationItem } from './envelope.ts'

/*
 * The failures as they travel: the spec's envelope under each HTTP status. The client decodes
 * answers into these; on the server only the edge makes them (server/http/: the wording of domain
 * failures, the last word on undeclared ones) and the Db service (its 503). Handlers fail with the domain
 * failures of contracts/failures.ts instead: the boundaries keep this module out of their reach
 * (.dependency-cruiser.js, handlers-fail-with-domain-errors).
 */

const failureFields = {
  responseCode: Schema.Number,
  responseData: Schema.Null,
  responseMessage: Schema.String,
  validationList: Schema.Array(ValidationItem),
}

/** A catalogue code (100–138), a validation failure (105) or a server message (142): HTTP 400. */
export class ApiFailure extends Schema.Error<ApiFailure>('ApiFailure')(failureFields, { httpApiStatus: 400 }) {}
/** Missing, expired or revoked access token: HTTP 401. */
export class ApiUnauthorized extends Schema.Error<ApiUnauthorized>('ApiUnauthorized')(failureFields, { httpApiStatus: 401 }) {}
/** Signed in, but a required role is missing: HTTP 403. */
export class ApiForbidden extends Schema.Error<ApiForbidden>('ApiForbidden')(failureFields, { httpApiStatus: 403 }) {}
/** The thing asked for does not exist (or is not the caller's): HTTP 404. */
export class ApiNotFound extends Schema.Error<ApiNotFound>('ApiNotFound')(failureFields, { httpApiStatus: 404 }) {}
/**
 * Rate limit reached (code 142 with a server message saying how long to wait): HTTP 429. The wait
 * travels in the envelope too (seconds; the Retry-After header says the same), so a client can word it.
 */
export class ApiTooManyRequests extends Schema.Error<ApiTooManyRequests>('ApiTooManyRequests')(
  { ...failureFields, retryAfterSeconds: Schema.Number },
  { httpApiStatus: 429 },
) {}

/**
 * The request's Idempotency-Key is still being answered by its first request (code 144): HTTP 409.
 * Nothing was decided; the client tries again later (its outbox must not treat this as a refusal).
 */
export class ApiInProgress extends Schema.Error<ApiInProgress>('ApiInProgress')(failureFields, { httpApiStatus: 409 }) {}
/** The Idempotency-Key was used before for a different request (code 143): HTTP 422. */
export class ApiKeyReused extends Schema.Error<ApiKeyReused>('ApiKeyReused')(failureFields, { httpApiStatus: 422 }) {}
/** The database (or another service the server needs) cannot be reached (code 503): HTTP 503, try again. */
export class ApiUnavailable extends Schema.Error<ApiUnavailable>('ApiUnavailable')(failureFields, { httpApiStatus: 503 }) {}

export type ApiError = ApiFailure | ApiUnauthorized | ApiForbidden | ApiNotFound | ApiTooManyRequests | ApiInProgress | ApiKeyReused | ApiUnavailable
