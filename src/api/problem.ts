import { httpMessages, isFaslCode, ResponseCode, type Locale, type Message } from '../../contracts/errors.ts'

/** Every failed call, whatever went wrong, ends as one of these: a code and a message in the user's language. */
export interface ApiProblem {
  readonly _tag: 'ApiProblem'
  /** Envelope code (100–142) or HTTP-ish status (401, 404, 408, 500, 503 ...). */
  readonly code: number
  readonly status: number
  readonly message: string
  /** Code 105: field → message, shown inline on the form's fields. */
  readonly fields: Readonly<Record<string, string>>
  /** A rate limit's wait in seconds (429); the server's message already says it in words. */
  readonly retryAfterSeconds?: number
  /** True when no answer came at all (no network): the 503 of the spec's "offline", not a server's 503. */
  readonly unreachable?: true
}

export type RawFailure =
  | { readonly kind: 'offline' }
  | { readonly kind: 'timeout' }
  | {
      readonly kind: 'response'
      readonly status: number
      readonly code?: number | null | undefined
      readonly message?: string | null | undefined
      readonly validationList?: ReadonlyArray<{ readonly field: string; readonly message: string }> | undefined
      /** A 429's wait (its envelope's `retryAfterSeconds`). */
      readonly retryAfterSeconds?: number | undefined
      /** The spec catalogue's words for `code` (catalogue-entry.ts), attached by whoever read the response. */
      readonly catalogue?: Message | undefined
    }
  | { readonly kind: 'unknown'; readonly message?: string | undefined }

export const isApiProblem = (u: unknown): u is ApiProblem => typeof u === 'object' && u !== null && (u as { _tag?: unknown })._tag === 'ApiProblem'

const problem = (code: number, status: number, message: string, fields: Record<string, string> = {}): ApiProblem => ({
  _tag: 'ApiProblem',
  code,
  status,
  message,
  fields,
})

const nonEmpty = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== ''

/** Maps a failure to the spec's messages (§8): 105 → the validation list, 142 → the server message, the spec's catalogue codes, Fasl's own codes (the server's words), HTTP statuses. */
export const toProblem = (failure: RawFailure, locale: Locale): ApiProblem => {
  switch (failure.kind) {
    case 'offline':
      return { ...problem(503, 503, httpMessages[503][locale]), unreachable: true }
    case 'timeout':
      return problem(408, 408, httpMessages[408][locale])
    case 'unknown':
      return problem(0, 0, httpMessages.unknown[locale])
    case 'response': {
      const { status, code, message } = failure
      if (code === ResponseCode.validation) {
        const fields: Record<string, string> = {}
        for (const item of failure.validationList ?? []) fields[item.field] ??= item.message
        return problem(105, status, nonEmpty(message) ? message : httpMessages.validation[locale], fields)
      }
      if (code === ResponseCode.serverMessage) return problem(142, status, nonEmpty(message) ? message : httpMessages.unknown[locale])
      if (code !== null && code !== undefined && failure.catalogue !== undefined) return problem(code, status, failure.catalogue[locale])
      // Fasl's own codes come worded by the server in the language the request asked for.
      if (code !== null && code !== undefined && isFaslCode(code) && nonEmpty(message)) return problem(code, status, message)
      // The server (or its gateway) answered that it cannot serve now: its trouble, not the user's network.
      if (status === 502 || status === 503 || status === 504) return problem(status, status, httpMessages.serverTrouble[locale])
      if (status === 401 || status === 403 || status === 404 || status === 500 || status === 408) return problem(status, status, httpMessages[status][locale])
      if (status === 429)
        return {
          ...problem(429, status, nonEmpty(message) ? message : httpMessages[429][locale]),
          ...(failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds }),
        }
      return problem(code ?? status, status, nonEmpty(message) ? message : httpMessages.unknown[locale])
    }
  }
}
