import { Effect } from 'effect'
import { CurrentCaller } from '../../contracts/api.ts'
import type { ApiUnavailable } from '../../contracts/wire-failures.ts'
import { Db } from './db.ts'

/**
 * The core's tables whose rows belong to one school (each has `school_id`); each feature declares
 * its own (`ownedTables` in plugins/<id>/server/feature.ts) and server/features.ts joins them into
 * `schoolOwnedTables`. Every statement on them made for a caller goes through `inSchool`, which
 * binds the caller's school; tests/server/tenancy.test.ts records every statement and fails on one
 * that names those tables without a school filter. The other core tables (sessions, refresh and
 * link tokens, rate limits, idempotency keys, settings) are per account or global.
 */
export const coreSchoolOwnedTables = ['users', 'outbox', 'link_tokens', 'audit_log', 'upload_usage', 'upload_reservations', 'domain_events'] as const

const placeholder = /\$school\b/g

/** Replaces `$school` with the next parameter, bound to `schoolId`. A statement without it is a bug. */
export const bindSchool = (sql: string, params: ReadonlyArray<unknown>, schoolId: number): [string, ReadonlyArray<unknown>] => {
  if (!placeholder.test(sql)) throw new Error(`a school-owned statement without $school: ${sql}`)
  placeholder.lastIndex = 0
  return [sql.replace(placeholder, `$${params.length + 1}`), [...params, schoolId]]
}

/**
 * The one way to read or write school-owned rows for a caller: write `school_id = $school` in the
 * statement (once per school-owned table it names) and the caller's school is bound to it.
 */
export const inSchool = <T = Record<string, unknown>>(
  sql: string,
  params: ReadonlyArray<unknown> = [],
  options: { prepared?: boolean } = {},
): Effect.Effect<T[], ApiUnavailable, Db | CurrentCaller> =>
  Effect.gen(function* () {
    const { schoolId } = yield* CurrentCaller
    const db = yield* Db
    const [text, values] = bindSchool(sql, params, schoolId)
    return yield* options.prepared === true ? db.prepared<T>(text, values) : db.query<T>(text, values)
  })

/**
 * `inSchool` with the caller's user id as $1, then `params`: the shape of most features' statements
 * ("the rows this teacher may see"). Statements are fixed texts, so PostgreSQL keeps them prepared
 * (parsed and planned once per connection).
 */
export const asCaller = <T = Record<string, unknown>>(statement: string, ...params: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    return yield* inSchool<T>(statement, [caller.userId, ...params], { prepared: true })
  })

/** `inSchool` for a write a unique index may refuse (two requests racing for one name): `null` when it did. */
export const inSchoolUnlessDuplicate = <T = Record<string, unknown>>(
  sql: string,
  params: ReadonlyArray<unknown> = [],
): Effect.Effect<T[] | null, ApiUnavailable, Db | CurrentCaller> =>
  Effect.gen(function* () {
    const { schoolId } = yield* CurrentCaller
    const [text, values] = bindSchool(sql, params, schoolId)
    return yield* (yield* Db).queryUnlessDuplicate<T>(text, values)
  })

/**
 * A statement that deliberately reads across schools, with its reason in the SQL (so the tenancy
 * test's short allow-list names it): sign-in by email (emails are unique across schools), mail
 * delivery and pruning.
 */
export const acrossSchools = (reason: string, sql: string) => `/* across schools: ${reason} */ ${sql}`
