import { HttpServerResponse } from 'effect/http'

/**
 * A 429's Retry-After header, from the wait its envelope carries (`retryAfterSeconds`, worded by
 * failure-wording.ts), so any HTTP client knows when to try again. A plain function of the answer:
 * only a 429's body is read.
 */
export const withRetryAfter = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  if (response.status !== 429 || response.body._tag !== 'Uint8Array') return response
  try {
    const seconds = (JSON.parse(new TextDecoder().decode(response.body.body)) as { retryAfterSeconds?: unknown }).retryAfterSeconds
    return typeof seconds === 'number' ? HttpServerResponse.setHeader(response, 'retry-after', String(Math.max(1, Math.ceil(seconds)))) : response
  } catch {
    return response
  }
}
