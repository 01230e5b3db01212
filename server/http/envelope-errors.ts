import { Cause, Effect, Option, Result } from 'effect'
import { HttpServerRequest, HttpServerResponse } from 'effect/http'
import { HttpApiError } from 'effect/http-api'
import { httpMessages, localeFromAcceptLanguage, ResponseCode, type Locale } from '../../contracts/errors.ts'
import { issuesOfSchemaIssue } from '../../contracts/schema-issues.ts'
import type { issueFormatter } from '../../contracts/validation-format.ts'

/** Paths that belong to the API; anything else that no route matches is the client's to answer. */
export const isApiPath = (path: string) => /^\/(api|school|exam|chat|files)(\/|$)/i.test(path)

const envelope = (status: number, responseCode: number, responseMessage: string, validationList: ReadonlyArray<{ field: string; message: string }> = []) =>
  HttpServerResponse.jsonUnsafe({ responseCode, responseData: null, responseMessage, validationList }, { status })

/** What the client sent (105 when it does not decode); a response that does not encode is the server's fault. */
const isRequestInput = (kind: string) => kind === 'Payload' || kind === 'Query' || kind === 'Params' || kind === 'Headers'

export const notFoundEnvelope = (locale: Locale) => envelope(404, 404, httpMessages[404][locale])
export const forbiddenEnvelope = (locale: Locale) => envelope(403, 403, httpMessages[403][locale])

/**
 * The last word on every failure the API layer did not answer itself: a payload that does not
 * decode becomes 105 with a validation list, an unknown API path 404, anything else 500 —
 * always in the envelope, in the caller's language. Defects are logged, never shown. `formatIssue`
 * words with the served API's rule messages (contracts/feature-rule-messages.ts): a feature's schema names its own.
 */
export const answerFailures = <E, R>(
  cause: Cause.Cause<E>,
  fallback: (routeNotFound: boolean) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>,
  formatIssue: ReturnType<typeof issueFormatter>,
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const locale = localeFromAcceptLanguage(request.headers['accept-language'])
    const defect = Cause.findDefect(cause)
    if (Result.isSuccess(defect) && HttpApiError.HttpApiSchemaError.is(defect.success) && isRequestInput(defect.success.kind)) {
      const issues = issuesOfSchemaIssue(defect.success.cause.issue, defect.success.kind.toLowerCase())
      return envelope(
        400,
        ResponseCode.validation,
        httpMessages.validation[locale],
        issues.map((issue) => ({ field: issue.field, message: formatIssue(issue, locale) })),
      )
    }
    const error = Cause.findErrorOption(cause)
    // The router fails with HttpServerError { reason: RouteNotFound } when no route matches.
    const failure = Option.getOrUndefined(error) as { _tag?: string; reason?: { _tag?: string } } | undefined
    if (failure?._tag === 'RouteNotFound' || failure?.reason?._tag === 'RouteNotFound') return yield* fallback(true)
    if (Cause.hasInterruptsOnly(cause)) return envelope(503, 503, httpMessages.serverTrouble[locale])
    yield* Effect.logError('request failed', Cause.pretty(cause))
    return envelope(500, 500, httpMessages[500][locale])
  })
