import { ByteSize, Cause, Context, Effect } from 'effect'
import { HttpIncomingMessage, HttpServerRequest, HttpServerResponse } from 'effect/http'
import { HttpApi, type HttpApiGroup } from 'effect/http-api'
import { BodyLimit } from '../../contracts/body-limit.ts'
import { httpMessages, localeFromAcceptLanguage, type Locale } from '../../contracts/errors.ts'
import type { issueFormatter } from '../../contracts/validation-format.ts'
import { pathPattern } from './path-pattern.ts'

type Limit = typeof BodyLimit.Service

type FormatIssue = ReturnType<typeof issueFormatter>

export interface BodyLimits {
  readonly limitOf: (method: string, path: string) => Limit
  /** Words a limit's issue with the core's rule messages and those the API's groups carry (a feature's own key too). */
  readonly formatIssue: FormatIssue
}

/**
 * Every endpoint's body limit, read once from the API declaration: its `BodyLimit` annotation,
 * else the default; `formatIssue` words a 413's issue as 105's are (with the API's rule messages,
 * a feature's own too). Computed before routing, so a body over the limit is refused before a byte
 * of it is parsed, whatever the endpoint does with it.
 */
export const bodyLimitsOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  defaultBytes: number,
  formatIssue: FormatIssue,
): BodyLimits => {
  const declared: Array<{ method: string; pattern: RegExp; limit: Limit }> = []
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint, mergedAnnotations }) => {
      const limit = Context.getOrUndefined(mergedAnnotations as Context.Context<BodyLimit>, BodyLimit)
      if (limit !== undefined) declared.push({ method: endpoint.method, pattern: pathPattern(endpoint.path), limit })
    },
  })
  const fallback: Limit = { maxBytes: defaultBytes }
  return {
    formatIssue,
    limitOf: (method, path) => declared.find((entry) => entry.method === method && entry.pattern.test(path))?.limit ?? fallback,
  }
}

export const tooLargeResponse = (limit: Limit, locale: Locale, formatIssue: FormatIssue) =>
  HttpServerResponse.jsonUnsafe(
    {
      responseCode: 413,
      responseData: null,
      responseMessage: httpMessages[413][locale],
      validationList:
        limit.field === undefined || limit.key === undefined
          ? []
          : [
              {
                field: limit.field,
                message: formatIssue(
                  limit.values === undefined ? { field: limit.field, key: limit.key } : { field: limit.field, key: limit.key, values: limit.values },
                  locale,
                ),
              },
            ],
    },
    // The rest of the body is not read: the connection closes after the answer.
    { status: 413, headers: { connection: 'close' } },
  )

/** The body read failed because it passed MaxBodySize (Node: MaxBytesError; web: BodyTooLarge). */
const isBodyTooLarge = (cause: Cause.Cause<unknown>) =>
  cause.reasons.some((reason) => {
    const failure = (Cause.isDieReason(reason) ? reason.defect : Cause.isFailReason(reason) ? reason.error : undefined) as
      { reason?: { reason?: string; _tag?: string } } | undefined
    return failure?.reason?._tag === 'RequestParseError' && failure.reason.reason === 'BodyTooLarge'
  })

const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Limits before parsing. A declared Content-Length over the endpoint's limit is refused at once,
 * unread; otherwise the body is read with MaxBodySize set, which counts bytes as they stream in and
 * stops at the first byte over (a chunked or lying body included), so a 50 MB request costs the
 * server at most its limit in memory and never holds up other requests while it is refused.
 * Both answer 413 with the envelope in the caller's language.
 *
 * A body within its limit is still handed to the handler whole (the upload: under 5 MB in memory,
 * then written to disk). Declaring the upload as `HttpApiSchema.StreamUint8Array` would spare even
 * that, but the browser client would then have to stream its request body, which Chromium does only
 * over HTTP/2; the cap, checked while the bytes arrive, is what bounds the memory.
 */
export const withBodyLimits =
  (limits: BodyLimits) =>
  <E, R>(
    request: HttpServerRequest.HttpServerRequest,
    path: string,
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> => {
    // Reads (GET, HEAD, OPTIONS) carry no body: they pass untouched, at no cost.
    if (!withBody.has(request.method)) return app
    const limit = limits.limitOf(request.method, path)
    const locale = localeFromAcceptLanguage(request.headers['accept-language'])
    const declared = Number(request.headers['content-length'] ?? Number.NaN)
    if (Number.isFinite(declared) && declared > limit.maxBytes) return Effect.succeed(tooLargeResponse(limit, locale, limits.formatIssue))
    return app.pipe(
      Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(limit.maxBytes)),
      Effect.catchCause((cause) => (isBodyTooLarge(cause) ? Effect.succeed(tooLargeResponse(limit, locale, limits.formatIssue)) : Effect.failCause(cause))),
    )
  }
