import { randomBytes } from 'node:crypto'
import { Cause, Effect, Exit } from 'effect'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiUnavailable } from '../../contracts/wire-failures.ts'
import { openPglite, openPostgres, type DbClient } from '../../server/db/db.ts'
import { Db, dbService } from '../../server/services/db.ts'

const failedWith = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit)
    ? exit.cause.reasons.some((reason) => reason._tag === 'Fail' && reason.error instanceof ApiUnavailable)
      ? '503'
      : Cause.hasDies(exit.cause)
        ? '500'
        : 'other'
    : 'success'

/** An error as PostgreSQL's drivers throw it, with its SQLSTATE. */
const sqlError = (code: string) => Object.assign(new Error(`injected ${code}`), { code })

describe('the Db service: transactions bound to the request, typed failures', () => {
  let client: DbClient
  beforeAll(async () => {
    client = await openPglite(null)
    await client.query('CREATE TABLE notes (text text NOT NULL)')
  })
  afterAll(() => client.close())

  const insideTransaction = (text: string, fail: boolean, seen: string[]) =>
    Effect.gen(function* () {
      const db = yield* Db
      yield* db.query('INSERT INTO notes (text) VALUES ($1)', [text])
      db.afterCommit(() => seen.push(text))
      // A nested transaction joins the surrounding one.
      yield* db.transaction(
        Effect.gen(function* () {
          const inner = yield* Db
          expect(inner.inTransaction).toBe(true)
        }),
      )
      if (fail) return yield* Effect.fail('refused' as const)
    })

  it('commits what the effect did and runs after-commit work; a failure rolls all of it back and runs none', async () => {
    const db = dbService(client)
    const seen: string[] = []
    await Effect.runPromise(db.transaction(insideTransaction('kept', false, seen)))
    const failed = await Effect.runPromiseExit(db.transaction(insideTransaction('undone', true, seen)))
    expect(Exit.isFailure(failed)).toBe(true)
    expect((await client.query<{ text: string }>('SELECT text FROM notes')).map((row) => row.text)).toEqual(['kept'])
    expect(seen).toEqual(['kept'])
  })

  it('a savepoint undoes only its own failed statement: the transaction around it commits', async () => {
    const db = dbService(client)
    await client.query('CREATE TABLE checked (n integer CHECK (n > 0))')
    const inSavepoint = (n: number) =>
      Effect.gen(function* () {
        yield* (yield* Db).query('INSERT INTO checked (n) VALUES ($1)', [n])
      })
    const outcomes = await Effect.runPromise(
      db.transaction(
        Effect.gen(function* () {
          const tx = yield* Db
          const refused = yield* Effect.exit(tx.savepoint(inSavepoint(-1)))
          yield* tx.savepoint(inSavepoint(2))
          yield* tx.query('INSERT INTO checked (n) VALUES (3)')
          return Exit.isFailure(refused)
        }),
      ),
    )
    expect(outcomes).toBe(true)
    expect((await client.query<{ n: number }>('SELECT n FROM checked ORDER BY n')).map((row) => row.n)).toEqual([2, 3])
  })

  it('a database that is gone fails with ApiUnavailable (503), not a defect', async () => {
    const gone = await openPglite(null)
    await gone.close()
    const exit = await Effect.runPromiseExit(dbService(gone).query('SELECT 1'))
    expect(Exit.isFailure(exit) && exit.cause.reasons.some((reason) => reason._tag === 'Fail' && reason.error instanceof ApiUnavailable)).toBe(true)
  })

  it('a CHECK violation is the server fault (a logged defect, answered 500), not "unavailable" (503), in a transaction too', async () => {
    const db = dbService(client)
    await client.query('CREATE TABLE positive (n integer CHECK (n > 0))')
    expect(failedWith(await Effect.runPromiseExit(db.query('INSERT INTO positive (n) VALUES (-1)')))).toBe('500')
    const inTransaction = db.transaction(
      Effect.gen(function* () {
        yield* (yield* Db).query('INSERT INTO positive (n) VALUES (-1)')
      }),
    )
    expect(failedWith(await Effect.runPromiseExit(inTransaction))).toBe('500')
  })

  it('a lost connection (SQLSTATE class 08, 57P01, ECONNRESET) is 503; a serialisation failure or deadlock runs the transaction again, then 503', async () => {
    await client.query('CREATE TABLE tries (n integer)')
    // The client's transaction fails the first `conflicts` times with `code` at its COMMIT, as a COMMIT
    // that lost a conflict does (PostgreSQL has then rolled it back).
    const conflicting = (code: string, conflicts: number): DbClient => {
      let sessions = 0
      return {
        ...client,
        session: async () => {
          const session = await client.session()
          const failsCommit = ++sessions <= conflicts
          return {
            ...session,
            query: async (sql, params, prepare) => {
              if (!failsCommit || sql !== 'COMMIT') return session.query(sql, params, prepare)
              await session.query('ROLLBACK', [], false)
              throw sqlError(code)
            },
          }
        },
      }
    }
    const unit = Effect.gen(function* () {
      yield* (yield* Db).query('INSERT INTO tries (n) VALUES (1)')
    })
    for (const code of ['40001', '40P01']) {
      await client.query('DELETE FROM tries')
      expect(failedWith(await Effect.runPromiseExit(dbService(conflicting(code, 2)).transaction(unit)))).toBe('success')
      expect(await client.query('SELECT n FROM tries')).toEqual([{ n: 1 }])
    }
    expect(failedWith(await Effect.runPromiseExit(dbService(conflicting('40001', 10)).transaction(unit)))).toBe('503')
    for (const code of ['08006', '57P01', 'ECONNRESET'])
      expect(failedWith(await Effect.runPromiseExit(dbService(conflicting(code, 1)).transaction(unit)))).toBe('503')
    // A conflict inside the transaction's own statement is retried the same way.
    let statements = 0
    const conflictOnce: DbClient = {
      ...client,
      session: async () => {
        const session = await client.session()
        return {
          ...session,
          query: (sql, params, prepare) =>
            /^(BEGIN|COMMIT|ROLLBACK)/.test(sql) || ++statements !== 1 ? session.query(sql, params, prepare) : Promise.reject(sqlError('40P01')),
        }
      },
    }
    expect(failedWith(await Effect.runPromiseExit(dbService(conflictOnce).transaction(unit)))).toBe('success')
    expect(statements).toBe(2)
  })
})

describe.runIf(process.env.DATABASE_URL)('a real serialisation failure on PostgreSQL is retried', () => {
  const schema = `fasl_test_${randomBytes(6).toString('hex')}`
  let client: DbClient
  beforeAll(async () => {
    client = await openPostgres(process.env.DATABASE_URL!, schema)
    await client.query('CREATE TABLE tally (seen integer NOT NULL)')
  })
  afterAll(async () => {
    await client.close()
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => undefined })
    await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin.end()
  })

  it('two SERIALIZABLE transactions that each read what the other writes: one fails with 40001, runs again, and both commit', async () => {
    const db = dbService(client)
    const tries = { a: 0, b: 0 }
    let read = 0
    let bothRead: () => void = () => undefined
    const bothHaveRead = new Promise<void>((resolve) => (bothRead = resolve))
    const count = (who: 'a' | 'b') =>
      db.transaction(
        Effect.gen(function* () {
          const tx = yield* Db
          tries[who]++
          yield* tx.query('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE')
          const [row] = yield* tx.query<{ n: number }>('SELECT count(*)::int AS n FROM tally')
          // The first time, each waits until the other has read too: a write skew PostgreSQL must refuse.
          if (tries[who] === 1) {
            if (++read === 2) bothRead()
            yield* Effect.promise(() => bothHaveRead)
          }
          yield* tx.query('INSERT INTO tally (seen) VALUES ($1)', [row!.n])
        }),
      )
    await Effect.runPromise(Effect.all([count('a'), count('b')], { concurrency: 2 }))
    expect((await client.query<{ seen: number }>('SELECT seen FROM tally ORDER BY seen')).map((row) => row.seen)).toEqual([0, 1])
    expect(tries.a + tries.b).toBe(3)
  })
})
