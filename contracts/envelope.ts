import { Schema } from 'effect'

/**
 * The spec's response envelope (teacher side, section 8):
 * `{ responseCode, responseData, responseMessage, validationList }`, 200 = success.
 */
export const ValidationItem = Schema.Struct({ field: Schema.String, message: Schema.String })
export type ValidationItem = typeof ValidationItem.Type

export const Envelope = <S extends Schema.Top>(data: S) =>
  Schema.Struct({
    responseCode: Schema.Literal(200),
    responseData: data,
    responseMessage: Schema.NullOr(Schema.String),
    validationList: Schema.Array(ValidationItem),
  })

export const ok = <A>(responseData: A) => ({
  responseCode: 200 as const,
  responseData,
  responseMessage: null,
  validationList: [] as ReadonlyArray<ValidationItem>,
})

const failureFields = {
  responseCode: Schema.Number,
  responseData: Schema.Null,
  responseMessage: Schema.String,
  validationList: Schema.Array(ValidationItem),
}
/** A failure's envelope: what every refusal answers, in the caller's language. */
export interface FailureFields {
  readonly responseCode: number
  readonly responseData: null
  readonly responseMessage: string
  readonly validationList: ReadonlyArray<ValidationItem>
}

/** A catalogue code (100–138), a validation failure (105) or a server message (142): HTTP 400. */
export class ApiFailure extends Schema.Error<ApiFailure>('ApiFailure')(failureFields, { httpApiStatus: 400 }) {}
/** Missing, expired or revoked access token: HTTP 401. */
export class ApiUnauthorized extends Schema.Error<ApiUnauthorized>('ApiUnauthorized')(failureFields, { httpApiStatus: 401 }) {}
/** Signed in, but a required role is missing: HTTP 403. */
export class ApiForbidden extends Schema.Error<ApiForbidden>('ApiForbidden')(failureFields, { httpApiStatus: 403 }) {}
/** The thing asked for does not exist (or is not the caller's): HTTP 404. */
export class ApiNotFound extends Schema.Error<ApiNotFound>('ApiNotFound')(failureFields, { httpApiStatus: 404 }) {}
/** Rate limit reached (code 142 with a server message): HTTP 429. */
export class ApiTooManyRequests extends Schema.Error<ApiTooManyRequests>('ApiTooManyRequests')(failureFields, { httpApiStatus: 429 }) {}

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
