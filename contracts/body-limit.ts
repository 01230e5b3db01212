import { Context } from 'effect'
import type { ValidationKey } from './validation.ts'
import { largestBytesOf, megabyte, type FileRules } from './attachments.ts'

/**
 * The most bytes an endpoint's request body may have, when it differs from the server's default
 * for JSON bodies (1 MB, `FASL_MAX_BODY_BYTES`). Declared on the endpoint with
 * `.annotate(BodyLimit, { maxBytes, field, key, values })`; the server counts the bytes as they arrive and
 * answers 413 with the envelope at the first byte over, naming `field` with the message `key`.
 */
export class BodyLimit extends Context.Service<
  BodyLimit,
  { readonly maxBytes: number; readonly field?: string; readonly key?: ValidationKey; readonly values?: Readonly<Record<string, string | number>> }
>()('fasl/BodyLimit') {}

/**
 * The body limit of a streamed file upload under `rules` (contracts/attachments.ts): one byte under its
 * largest group's limit, past which the server answers with the size message of that group. The
 * endpoint's stream takes one byte more, so the handler's own count refuses first, naming the file's kind.
 */
export const fileUploadLimit = (rules: FileRules) => {
  const largest = largestBytesOf(rules)
  const [kind] = Object.entries(rules.maxBytes).find(([, bytes]) => bytes === largest)!
  return { maxBytes: largest - 1, field: 'file', key: 'fileSizeExceeded', values: { kind, max: largest / megabyte } } as const
}
