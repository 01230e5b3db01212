import { Effect } from 'effect'
import { NotFound } from '../../contracts/failures.ts'

/**
 * The first row, or 404 in the caller's language. Reads are bound to the caller's school, class rooms
 * and own rows, so another teacher's, room's or school's ids read as none, and answer as an unknown id would.
 */
export const found = <T>(rows: ReadonlyArray<T>) => (rows.length === 0 ? Effect.fail(new NotFound()) : Effect.succeed(rows[0]!))
