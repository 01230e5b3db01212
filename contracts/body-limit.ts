import { Context } from 'effect'
import type { ValidationKey } from './validation.ts'

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
