import { Effect } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { requestRole } from '../../server/db/row-security.ts'
import { Db, dbService } from '../../server/services/db.ts'
import { schoolOwnedTables } from '../../server/features.ts'
import { testDatabases } from './support/databases.ts'
import { seedSecondSchool } from './support/second-school.ts'

/**
 * Tenancy in the database: whatever a statement of a signed-in call forgets, row-level security
 * keeps it to the caller's school. Run on the demo school and the second school the seed makes.
 */
describe.each(testDatabases)('row-level security on $name', (database) => {
  let server: StartedServer
  let schools: number[]
  beforeAll(async () => {
    server = await database.start()
    await seedSecondSchool(server.db)
    schools = (await server.db.query<{ id: number }>('SELECT id FROM schools ORDER BY id')).map((row) => row.id)
  })
  afterAll(() => server.close())

  it('every school-owned table has row security enabled and forced, with the school policy', async () => {
    const rows = await server.db.query<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname = ANY($1)`,
      [[...schoolOwnedTables]],
    )
    expect(rows.map((row) => row.name).sort()).toEqual([...schoolOwnedTables].sort())
    for (const row of rows) expect(row, row.name).toMatchObject({ enabled: true, forced: true, policies: 1 })
  })

  it('the request role is no superuser and cannot bypass row security', async () => {
    const [role] = await server.db.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [
      requestRole,
    ])
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false })
  })

  it("a statement without a school filter, bound to a school, reads only that school's rows in every owned table", async () => {
    expect(schools.length).toBeGreaterThanOrEqual(2)
    for (const school of schools) {
      const bound = dbService(server.db, school)
      for (const table of schoolOwnedTables) {
        const [all] = await server.db.query<{ mine: number }>(`SELECT count(*) FILTER (WHERE school_id = $1)::int AS mine FROM ${table}`, [school])
        const [seen] = await Effect.runPromise(
          bound.query<{ rows: number; others: number }>(
            `SELECT count(*)::int AS rows, count(*) FILTER (WHERE school_id <> ${school})::int AS others FROM ${table}`,
          ),
        )
        expect({ table, ...seen }).toEqual({ table, rows: all!.mine, others: 0 })
      }
    }
    // The demo data really is in both schools, so the counts above compare something.
    const [users] = await server.db.query<{ schools: number }>('SELECT count(DISTINCT school_id)::int AS schools FROM users')
    expect(users!.schools).toBeGreaterThanOrEqual(2)
  })

  it('statements of two schools sent at once, interleaved on the pipelined connections, each see only their own school', async () => {
    const expected = new Map<number, number>()
    for (const school of schools)
      expected.set(school, (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE school_id = $1', [school]))[0]!.n)
    const seen = await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const school = schools[i % schools.length]!
        return Effect.runPromise(
          dbService(server.db, school).query<{ n: number; others: number }>(
            `SELECT count(*)::int AS n, count(*) FILTER (WHERE school_id <> ${school})::int AS others FROM users`,
          ),
        ).then(([row]) => ({ school, ...row! }))
      }),
    )
    for (const row of seen) expect(row).toEqual({ school: row.school, n: expected.get(row.school), others: 0 })
  })

  it("a transaction bound to a school can neither write another school's row nor move one there", async () => {
    const [mine, other] = schools
    const insertFor = (target: number) =>
      server.db.transaction(
        (tx) =>
          tx.query(
            `INSERT INTO semesters (school_id, name_en, name_ar, starts_on, ends_on, sort) VALUES ($1, 'Summer', 'الصيف', '2027-07-01', '2027-08-31', 9) RETURNING id`,
            [target],
          ),
        { schoolId: mine! },
      )
    await expect(insertFor(other!)).rejects.toMatchObject({ code: '42501' })
    const [own] = (await insertFor(mine!)) as Array<{ id: number }>
    await expect(
      server.db.transaction((tx) => tx.query('UPDATE semesters SET school_id = $1 WHERE id = $2', [other, own!.id]), { schoolId: mine! }),
    ).rejects.toMatchObject({ code: '42501' })
    await server.db.query('DELETE FROM semesters WHERE id = $1', [own!.id])
  })

  it('a statement across schools in a bound transaction sees every school, and the statements after it only the school again', async () => {
    const [mine] = schools
    const bound = dbService(server.db, mine!)
    const counts = await Effect.runPromise(
      bound.transaction(
        Effect.gen(function* () {
          const db = yield* Db
          const across = yield* db.queryAcrossSchools<{ schools: number }>('SELECT count(DISTINCT school_id)::int AS schools FROM users')
          const after = yield* db.query<{ schools: number }>('SELECT count(DISTINCT school_id)::int AS schools FROM users')
          return { across: across[0]!.schools, after: after[0]!.schools }
        }),
      ),
    )
    expect(counts.across).toBe(schools.length)
    expect(counts.after).toBe(1)
  })
})
