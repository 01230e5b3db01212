import { Effect, Exit } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiUnavailable } from '../../contracts/envelope.ts'
import { openPglite, type DbClient } from '../../server/db/db.ts'
import { Db, dbService } from '../../server/services/db.ts'

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
      yield* db.transaction(Effect.gen(function* () {
        const inner = yield* Db
        expect(inner.inTransaction).toBe(true)
      }))
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
})
