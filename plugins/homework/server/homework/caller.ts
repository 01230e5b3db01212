import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { InvalidInput, Refused } from '../../../../contracts/failures.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { sql } from './sql.ts'
import { found } from '../../../../server/db/found.ts'

/**
 * Runs `statement` with the caller's id as $1, then `params`. Its statements are the fixed texts of
 * sql.ts, run on every read: PostgreSQL keeps them prepared (parsed and planned once per connection).
 */
export const asCaller = <T = Record<string, unknown>>(statement: string, ...params: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    return yield* inSchool<T>(statement, [caller.userId, ...params], { prepared: true })
  })

/** 105 naming every field at once, when there is anything to say. */
export const refuseIssues = (issues: ReadonlyArray<Issue>) => (issues.length === 0 ? Effect.void : Effect.fail(new InvalidInput({ issues })))

export const refuseWithCode = (code: number) => Effect.fail(new Refused({ code }))

/** 404 unless the caller teaches the class room. */
export const mustTeach = (classRoomId: number) => Effect.flatMap(asCaller(sql.teachesClassRoom, classRoomId), found)
