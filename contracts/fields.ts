import { Schema, SchemaTransformation } from 'effect'
import { noBidiControls } from './bidi.ts'
import { multiLineText, singleLineText, type ValidationKey } from './validation.ts'

/**
 * The shared field schemas for everything a client sends: ids and numbers, and text. Declare every
 * request field with one of these (never a bare `Schema.String`, `Schema.Number` or
 * `Schema.NumberFromString`), so a bad value answers 105 naming the field instead of reaching a
 * query. tests/server/api-sweep.test.ts sends bad ids and control characters to every declared
 * call and fails when a field lets them through.
 *
 * Each check carries a `validation` annotation: the message key (contracts/validation.ts) the
 * server answers in the caller's language (see contracts/schema-issues.ts).
 */
export interface ValidationAnnotation {
  readonly key: ValidationKey
  readonly values?: Readonly<Record<string, string | number>>
}

const validation = (key: ValidationKey, values?: ValidationAnnotation['values']) => ({
  validation: values === undefined ? { key } : { key, values },
})

/** Ids are PostgreSQL `serial` (int4) keys: 1 to 2^31 − 1. */
export const idRange = { min: 1, max: 2_147_483_647 } as const

const idMessage = validation('idRange', idRange)

/** A whole number from `min` to `max` in a JSON body; anything else (1.5, 1e309, "1", -1) answers 105. */
export const IntegerInRange = (range: { readonly min: number; readonly max: number }) => {
  const message = validation('idRange', range)
  return Schema.Number.annotate(message).check(Schema.isInt(message), Schema.isBetween({ minimum: range.min, maximum: range.max }, message))
}

/**
 * The same whole number, written in a path or query string. Only plain digits pass (no sign,
 * spaces, exponent, hex or fraction), so `abc`, `1.5`, `NaN`, `1e309`, `0x10`, ` 1` and `` all
 * answer 105 before anything is looked up.
 */
export const IntegerFromString = (range: { readonly min: number; readonly max: number }) => {
  const message = validation('idRange', range)
  const digits = range.min >= 0 ? /^(0|[1-9][0-9]{0,15})$/u : /^-?(0|[1-9][0-9]{0,15})$/u
  return Schema.String.annotate({ ...message, description: `A whole number from ${range.min} to ${range.max}, in digits` })
    .check(Schema.isPattern(digits, message))
    .pipe(Schema.decodeTo(IntegerInRange(range), SchemaTransformation.numberFromString))
}

/** A row id in a JSON body. */
export const Id = IntegerInRange(idRange).annotate({ ...idMessage, description: `An id: a whole number from ${idRange.min} to ${idRange.max}` })

/** A row id in a path or query string (`?ClassRoomID=12`). */
export const IdFromString = IntegerFromString(idRange)

/** A user id (users are keyed by UUID). */
export const UserId = Schema.String.annotate(validation('malformed')).check(Schema.isUUID(undefined, validation('malformed')))

/**
 * C0 controls, DEL and C1 controls (contracts/validation.ts). A single-line field refuses them all
 * (tab and line breaks included); a multi-line field allows tab, line feed and carriage return (a
 * pasted Windows line ends in CR LF) and nothing else.
 */
const controlMessage = validation('controlCharacters')

/** Any single-line text field: names, emails, passwords, tokens, search terms. */
export const Text = Schema.String.annotate(validation('malformed')).check(Schema.isPattern(singleLineText, controlMessage))

/** A multi-line text field (a message, a homework text): tabs and line breaks allowed. */
export const MultilineText = Schema.String.annotate(validation('malformed')).check(Schema.isPattern(multiLineText, controlMessage))

/**
 * A required one-line name (a chapter, a topic): not empty or only spaces, at most `max`
 * characters once trimmed, and no bidirectional controls (contracts/bidi.ts); the server stores it trimmed.
 */
export const RequiredName = (max: number) =>
  Text.check(
    Schema.makeFilter<string>((value) => value.trim() !== '', validation('required')),
    Schema.makeFilter<string>((value) => [...value.trim()].length <= max, validation('lengthAtMost', { max })),
    noBidiControls,
  )

/** The longest name of an uploaded file, in characters. */
export const uploadFileNameMax = 255

/**
 * The uploader's name of a file (a course attachment, a file answer; kept for the list and the download): required, at most 255
 * characters, no bidirectional controls (`invoice\u202Efdp.exe` would show as "invoiceexe.pdf").
 * Its extension is only shown: the download's is the type read from the bytes (server/http/stored-files.ts).
 */
export const UploadFileName = Text.check(
  Schema.makeFilter<string>((value) => value.trim() !== '', validation('required')),
  Schema.makeFilter<string>((value) => [...value].length <= uploadFileNameMax, validation('lengthAtMost', { max: uploadFileNameMax })),
  noBidiControls,
)
