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

/** A failure's envelope: what every refusal answers, in the caller's language. */
export interface FailureFields {
  readonly responseCode: number
  readonly responseData: null
  readonly responseMessage: string
  readonly validationList: ReadonlyArray<ValidationItem>
  /** A 429's wait, in seconds (also its Retry-After header). */
  readonly retryAfterSeconds?: number
}
