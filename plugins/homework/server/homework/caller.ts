import { Effect } from 'effect'
import type { Issue } from '../../../../contracts/validation.ts'
import { InvalidInput, Refused } from '../../../../contracts/failures.ts'
import { asCaller } from '../../../../server/services/tenancy.ts'
import { sql } from './sql.ts'
import { found } from '../../../../server/db/found.ts'

/** 105 naming every field at once, when there is anything to say. */
export const refuseIssues = (issues: ReadonlyArray<Issue>) => (issues.length === 0 ? Effect.void : Effect.fail(new InvalidInput({ issues })))

export const refuseWithCode = (code: number) => Effect.fail(new Refused({ code }))

/** 404 unless the caller teaches the class room. */
export const mustTeach = (classRoomId: number) => Effect.flatMap(asCaller(sql.teachesClassRoom, classRoomId), found)
