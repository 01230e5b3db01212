import { Context } from 'effect'
import { HttpServerResponse, type HttpServerRequest } from 'effect/http'
import { HttpApi, type HttpApiGroup } from 'effect/http-api'
import type { Caller } from '../../contracts/api.ts'
import { KeptPerAccount } from '../../contracts/api/kept-answers.ts'
import type { Locale } from '../../contracts/errors.ts'
import { localeFromAcceptLanguage } from '../../contracts/errors.ts'
import type { AccountStatesService } from '../auth/account-states.ts'
import type { AccessTokens } from '../auth/tokens.ts'
import { pathPattern } from '../http/path-pattern.ts'
import type { ClockService } from './clock.ts'

/**
 * Answers of reads declared `keptPerAccount` (contracts/api/kept-answers.ts), kept encoded per
 * account, language and URL, so a teacher's repeated reads (every page asks for her class rooms)
 * skip the router, the handler, the database and the encoding — but never the checks:
 *
 * - `answer` serves a kept answer only to a GET whose bearer token this process has verified and
 *   that has not expired, whose account and session this process read less than two seconds ago
 *   (account-states.ts) and are open, with no password change pending, and whose account has the
 *   same type, roles and school as when the answer was made (so it passed the same `allow(...)`
 *   rule). Anything else (a first call, a token or account it would have to look up) goes the whole
 *   way through the API, which refuses or answers and keeps the answer.
 * - An answer lives its endpoint's time; a successful write by anyone in a school drops what is
 *   kept for that school in this process, so a teacher sees her own change at once; another
 *   process's change shows within the time, the same bound as the account check.
 */
export interface KeptAnswersService {
  /** The kept answer for this request, finished (headers set), when every check above passes; undefined to go through the API. */
  readonly answer: (request: HttpServerRequest.HttpServerRequest, path: string) => HttpServerResponse.HttpServerResponse | undefined
  /** Keeps `response` (a 200 with bytes) of a kept read the API just answered for `caller`. */
  readonly keep: (caller: Caller, request: HttpServerRequest.HttpServerRequest, ttlMs: number, response: HttpServerResponse.HttpServerResponse) => void
  /** A write in the school succeeded: what is kept for it may be out of date. */
  readonly forgetSchool: (schoolId: number) => void
}

export class KeptAnswers extends Context.Service<KeptAnswers, KeptAnswersService>()('fasl/KeptAnswers') {}

interface Kept {
  /** The whole answer, headers included, made once when kept: a repeat allocates nothing. */
  readonly response: HttpServerResponse.HttpServerResponse
  readonly schoolId: number
  /** The account as it was when the answer was made: type, roles and school. */
  readonly madeFor: string
  readonly storedAt: number
  readonly ttlMs: number
  /** One call was let through to make the answer again (see `answer`). */
  renewing: boolean
}

const capacity = 10_000
/** Larger answers are not worth holding in every process's memory. */
const largestKeptBytes = 256 * 1024
const bearerPrefix = /^bearer /i
/** The share of its time after which a kept answer is made again by the next call. */
const renewAfter = 0.75

const accountShape = (account: { userType: string; roles: ReadonlyArray<string>; schoolId: number }) => `${account.schoolId}|${account.userType}|${account.roles.join(',')}`
const keyOf = (schoolId: number, userId: string, locale: Locale, url: string) => `${schoolId}\n${userId}\n${locale}\n${url}`

export const keptAnswers = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  services: {
    readonly tokens: AccessTokens
    readonly accounts: AccountStatesService
    readonly clock: ClockService
    /** What the server adds to every answer of `path` (its security headers). */
    readonly finish: (path: string, response: HttpServerResponse.HttpServerResponse) => HttpServerResponse.HttpServerResponse
  },
): KeptAnswersService => {
  const keptReads: Array<RegExp> = []
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint, mergedAnnotations }) => {
      if (endpoint.method === 'GET' && Context.getOrUndefined(mergedAnnotations as Context.Context<KeptPerAccount>, KeptPerAccount) !== undefined)
        keptReads.push(pathPattern(endpoint.path))
    },
  })
  const entries = new Map<string, Kept>()
  // Each school's keys, so a write drops its school's answers without walking everyone's.
  const bySchool = new Map<number, Set<string>>()
  const drop = (key: string) => {
    const kept = entries.get(key)
    if (kept === undefined) return
    entries.delete(key)
    bySchool.get(kept.schoolId)?.delete(key)
  }
  return {
    answer: (request, path) => {
      if (request.method !== 'GET' || !keptReads.some((pattern) => pattern.test(path))) return undefined
      const authorization = request.headers.authorization
      if (authorization === undefined || !bearerPrefix.test(authorization)) return undefined
      const caller = services.tokens.peek(authorization.slice(7).trim())
      if (caller === undefined) return undefined
      const account = services.accounts.peek(caller.userId, caller.schoolId, caller.sessionId)
      if (account === undefined || account === null || !account.sessionOpen || account.mustChangePassword) return undefined
      const key = keyOf(account.schoolId, caller.userId, localeFromAcceptLanguage(request.headers['accept-language']), request.url)
      const kept = entries.get(key)
      if (kept === undefined) return undefined
      const age = services.clock.now() - kept.storedAt
      if (age >= kept.ttlMs) {
        drop(key)
        return undefined
      }
      if (kept.madeFor !== accountShape(account)) return undefined
      // Late in its time, one call goes the whole way and keeps a new answer while the others are
      // still answered from this one: an active teacher's reads never all miss at once.
      if (age >= kept.ttlMs * renewAfter && !kept.renewing) {
        kept.renewing = true
        return undefined
      }
      return kept.response
    },
    keep: (caller, request, ttlMs, response) => {
      const body = response.body
      if (response.status !== 200 || body._tag !== 'Uint8Array' || body.body.byteLength > largestKeptBytes) return
      const key = keyOf(caller.schoolId, caller.userId, localeFromAcceptLanguage(request.headers['accept-language']), request.url)
      drop(key)
      // Oldest first out: a Map keeps insertion order.
      if (entries.size >= capacity) drop(entries.keys().next().value!)
      const path = request.url.split('?')[0] ?? '/'
      const finished = services.finish(path, HttpServerResponse.uint8Array(body.body, { status: 200, contentType: body.contentType }))
      entries.set(key, { response: finished, schoolId: caller.schoolId, madeFor: accountShape(caller), storedAt: services.clock.now(), ttlMs, renewing: false })
      const school = bySchool.get(caller.schoolId) ?? new Set<string>()
      school.add(key)
      bySchool.set(caller.schoolId, school)
    },
    forgetSchool: (schoolId) => {
      for (const key of bySchool.get(schoolId) ?? []) entries.delete(key)
      bySchool.delete(schoolId)
    },
  }
}
