import { schoolOwnedTables } from '../../../server/features.ts'

/** The check tests/server/tenancy.test.ts runs on every statement a caller's request makes (shared with the homework tenancy test). */
export interface Statement {
  readonly sql: string
  readonly params: ReadonlyArray<unknown>
}

/** The only statements that may read school-owned tables across schools, each for its reason. */
const acrossSchoolsAllowed = [
  'emails are unique across schools (sign-in is by email)',
  'mail delivery',
  'mail retention',
  'course upload retention',
  'link token retention',
]

const namesSchoolOwnedTable = new RegExp(`\\b(?:from|join|update|into)\\s+(?:${schoolOwnedTables.join('|')})\\b`, 'i')

/** Why `statement`, run for a caller of `schoolId`, breaks tenancy; null when it filters by that school. */
export const tenancyProblem = (statement: Statement, schoolId: number): string | null => {
  if (!namesSchoolOwnedTable.test(statement.sql)) return null
  const across = /^\/\* across schools: (.+?) \*\//.exec(statement.sql.trim())
  if (across !== null) return acrossSchoolsAllowed.includes(across[1]!) ? null : `reads across schools for an unlisted reason: ${statement.sql}`
  if (/^\s*insert\b/i.test(statement.sql))
    return /\(\s*[^)]*\bschool_id\b[^)]*\)\s*values/i.test(statement.sql) ? null : `inserts without school_id: ${statement.sql}`
  const filters = [...statement.sql.matchAll(/\bschool_id\s*=\s*\$(\d+)/g)].map((match) => statement.params[Number(match[1]) - 1])
  if (filters.length === 0) return `no school filter: ${statement.sql}`
  return filters.every((value) => Number(value) === schoolId) ? null : `filters by another school (${filters.join(', ')}): ${statement.sql}`
}
