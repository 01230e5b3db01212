import { Cause, Context, Effect, Exit, Option } from 'effect'
import type { ApiUnavailable } from '../../contracts/envelope.ts'
import type { DbClient, Queryable, TransactionQueryable } from '../db/db.ts'
import { asRequestRole, ownerRole } from '../db/row-security.ts'
import { fromDatabaseError, isRetryable } from './db-errors.ts'

/**
 * The database as handlers see it. Every call is an Effect whose failure is typed: a database
 * that cannot be reached (closed, refused, dropped) fails with `ApiUnavailable`, which the
 * Availability middleware answers as 503 with the envelope in the caller's language; a
 * serialisation failure or deadlock runs the transaction again (a few times, then 503); any other
 * database error is the server's fault, a logged 500 (see db-errors.ts). Handlers read `Db` per request (inside the request's effect, not when the
 * group is built), so the Idempotency middleware can hand them the transaction-bound one.
 */
export interface DbService {
  readonly kind: DbClient['kind']
  readonly query: <T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>) => Effect.Effect<T[], ApiUnavailable>
  /** A hot statement PostgreSQL keeps prepared per connection. */
  readonly prepared: <T = Record<string, unknown>>(sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<T[], ApiUnavailable>
  /** Runs promise-based helpers (server/auth/*.ts) on this connection or transaction. */
  readonly use: <T>(work: (on: Queryable) => Promise<T>) => Effect.Effect<T, ApiUnavailable>
  /**
   * Runs `effect` in one transaction, with `Db` inside bound to it: committed when it succeeds,
   * rolled back when it fails. Already in a transaction, it joins it. A serialisation failure or
   * deadlock runs `effect` again, so it must not have effects outside the database.
   */
  readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>>
  /**
   * Inside a transaction, runs `effect` in a savepoint: when it fails, only its own statements
   * are undone and the transaction goes on. Outside one it simply runs `effect`.
   */
  readonly savepoint: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>>
  /**
   * Runs a write a unique index may refuse; a refusal (SQLSTATE 23505, the same code from PGlite and
   * PostgreSQL: two requests racing for one name) answers `null` instead of failing. Inside a
   * transaction it runs in a savepoint, so the refusal does not abort the rest of the transaction.
   */
  readonly queryUnlessDuplicate: <T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>) => Effect.Effect<T[] | null, ApiUnavailable>
  /**
   * A statement that deliberately reaches across schools (see `acrossSchools` in tenancy.ts), with
   * the owner's access even in a request bound to one school; in a transaction it stays in it.
   */
  readonly queryAcrossSchools: <T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>) => Effect.Effect<T[], ApiUnavailable>
  /** True inside a transaction. */
  readonly inTransaction: boolean
  /** Runs `callback` once the surrounding transaction has committed (at once outside one; never on rollback). */
  readonly afterCommit: (callback: () => void) => void
  /** Runs `callback` once the surrounding transaction has rolled back (never outside one). */
  readonly afterRollback: (callback: () => void) => void
  /** The client underneath, for jobs outside any request (mail delivery, pruning). */
  readonly client: DbClient
  /** The school whose rows alone this service reaches (row-level security), or null: the owner's full access. */
  readonly schoolId: number | null
}

export class Db extends Context.Service<Db, DbService>()('fasl/Db') {}

const attempt = <T>(work: () => Promise<T>): Effect.Effect<T, ApiUnavailable> =>
  Effect.tryPromise({ try: work, catch: (cause) => cause }).pipe(Effect.catch(fromDatabaseError))

/** Tries of a unit of work that met a serialisation failure or deadlock, and the pause before each retry. */
const conflictTries = 4
const conflictPauseMs = (tried: number) => 5 * 2 ** tried + Math.random() * 5

const failedRetryably = (exit: Exit.Exit<unknown, unknown>): boolean =>
  Exit.isFailure(exit) && Option.match(Cause.findErrorOption(exit.cause), { onNone: () => false, onSome: isRetryable })

/** Runs `work` again (after a short pause) while it fails with a serialisation failure or deadlock, a few times; then 503. */
const retryingConflicts = <A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.gen(function* () {
    for (let tried = 1; ; tried++) {
      const exit = yield* Effect.exit(work)
      if (tried >= conflictTries || !failedRetryably(exit)) return yield* exit
      yield* Effect.sleep(conflictPauseMs(tried))
    }
  })

/** A unique index refused the statement: the error both engines throw carries SQLSTATE 23505. */
const isUniqueViolation = (cause: unknown): boolean => typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === '23505'

/** A failure of the transaction's own work, carried through the client's rollback. */
class RolledBack {
  constructor(readonly exit: Exit.Exit<unknown, unknown>) {}
}

/**
 * Runs `effect` with `Db` bound to the connection `scoped` hands out (a transaction's or a
 * savepoint's): `scoped` commits when the effect succeeds and rolls back when it fails, and the
 * effect's own failure comes back as it was.
 */
const runScoped = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  scoped: (work: (on: TransactionQueryable) => Promise<Exit.Exit<A, E>>) => Promise<Exit.Exit<A, E>>,
  bind: (on: TransactionQueryable) => DbService,
): Effect.Effect<Exit.Exit<A, E>, ApiUnavailable, Exclude<R, Db>> =>
  Effect.gen(function* () {
    const context = yield* Effect.context<Exclude<R, Db>>()
    return yield* Effect.tryPromise({
      try: () =>
        scoped(async (on) => {
          const exit = await Effect.runPromiseExit(effect.pipe(Effect.provideService(Db, bind(on)), Effect.provideContext(context)))
          if (Exit.isFailure(exit)) throw new RolledBack(exit)
          return exit
        }),
      catch: (error) => error,
    }).pipe(Effect.catch((error) => (error instanceof RolledBack ? Effect.succeed(error.exit as Exit.Exit<A, E>) : fromDatabaseError(error))))
  })

/** Statements outside a transaction as the request role of `schoolId` (each its own short transaction). */
const schoolStatements = (client: DbClient, schoolId: number): Queryable => ({
  query: (sql, params = []) => client.inSchool(schoolId, sql, params, false),
})

const bound = (
  client: DbClient,
  given: Queryable | TransactionQueryable,
  committed: Array<() => void> | null,
  rolledBack: Array<() => void> = [],
  schoolId: number | null = null,
): DbService => {
  const inTransaction = committed !== null
  // A transaction was begun as the school's request role; single statements each go as one.
  const on = (!inTransaction && schoolId !== null ? schoolStatements(client, schoolId) : given) as Queryable | TransactionQueryable
  // In a transaction a conflict aborts all of it: the transaction, not the statement, is run again.
  const statement = <T>(work: () => Promise<T>) => (inTransaction ? attempt(work) : retryingConflicts(attempt(work)))
  const prepared = <T>(sql: string, params: ReadonlyArray<unknown>) =>
    inTransaction ? on.query<T>(sql, params) : schoolId !== null ? client.inSchool<T>(schoolId, sql, params, true) : client.prepared<T>(sql, sql, params)
  const service: DbService = {
    kind: client.kind,
    client,
    schoolId,
    inTransaction,
    afterCommit: (callback) => (committed === null ? callback() : void committed.push(callback)),
    afterRollback: (callback) => void (committed !== null && rolledBack.push(callback)),
    query: (sql, params = []) => statement(() => on.query(sql, params)),
    prepared: (sql, params) => statement(() => prepared(sql, params)),
    use: (work) => attempt(() => work(on)),
    queryAcrossSchools: <T>(sql: string, params: ReadonlyArray<unknown> = []) =>
      schoolId === null
        ? statement(() => on.query<T>(sql, params))
        : !inTransaction
          ? statement(() => client.query<T>(sql, params))
          : statement(async () => {
              // The owner for this one statement, then the school's role again. A failed statement
              // has aborted the transaction, which then needs no role.
              await on.query(ownerRole.sql)
              const rows = await on.query<T>(sql, params)
              await on.query(asRequestRole.sql, [String(schoolId)])
              return rows
            }),
    queryUnlessDuplicate: <T>(sql: string, params: ReadonlyArray<unknown> = []) =>
      statement(() =>
        (committed !== null && 'savepoint' in on ? on.savepoint((sp) => sp.query<T>(sql, params)) : on.query<T>(sql, params)).catch((cause: unknown) => {
          if (isUniqueViolation(cause)) return null
          throw cause
        }),
      ),
    transaction: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>> =>
      inTransaction
        ? Effect.provideService(effect, Db, service)
        : retryingConflicts(
            Effect.gen(function* () {
              const committed: Array<() => void> = []
              const rolledBack: Array<() => void> = []
              const ran = yield* Effect.exit(
                runScoped(
                  effect,
                  (work) => client.transaction(work, schoolId === null ? undefined : { schoolId }),
                  (tx) => bound(client, tx, committed, rolledBack, schoolId),
                ),
              )
              // The client failed (BEGIN or COMMIT): known to be rolled back only after a conflict.
              const outcome: Exit.Exit<A, E | ApiUnavailable> = Exit.isSuccess(ran) ? ran.value : Exit.failCause(ran.cause)
              if (Exit.isSuccess(ran) || failedRetryably(outcome)) for (const callback of Exit.isSuccess(outcome) ? committed : rolledBack) callback()
              return yield* outcome
            }),
          ),
    savepoint: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>> =>
      committed === null || !('savepoint' in on)
        ? Effect.provideService(effect, Db, service)
        : Effect.flatMap(
            runScoped(
              effect,
              (work) => on.savepoint(work),
              (sp) => bound(client, sp, committed, rolledBack, schoolId),
            ),
            (outcome) => outcome,
          ),
  }
  return service
}

/** The database with the owner's full access, or (`schoolId`) reaching only that school's rows. */
export const dbService = (client: DbClient, schoolId: number | null = null): DbService => bound(client, client, null, [], schoolId)

/** A held transaction's end without a commit. */
class Abandoned extends Error {}

/** A transaction that begins with the first statement run through `db` and lasts until `end`. */
export interface HeldTransaction {
  /** Bound to the transaction: nothing is begun until a statement runs, so work done before that holds nothing. */
  readonly db: DbService
  /** Commits (`commit`) or rolls back what `db` ran, then runs its after-commit or after-rollback callbacks. Only the first call counts. */
  readonly end: (commit: boolean) => Effect.Effect<void, ApiUnavailable>
}

/**
 * For the Idempotency middleware: the call's statements and the storing of its answer in one
 * transaction, which begins only at the call's first statement (image work and file writes done
 * before it hold no connection; on PGlite an open transaction stalls every other query). A
 * serialisation failure inside it fails the call (503) rather than running the call again.
 */
export const heldTransaction = (client: DbClient, schoolId: number | null = null): HeldTransaction => {
  const committed: Array<() => void> = []
  const rolledBack: Array<() => void> = []
  let begun: Promise<TransactionQueryable> | null = null
  let ended: Promise<void> = Promise.resolve()
  let settle: (commit: boolean) => void = () => undefined
  let endedOnce = false
  const begin = () =>
    (begun ??= new Promise<TransactionQueryable>((resolve, reject) => {
      ended = client.transaction(
        async (tx) => {
          const commit = new Promise<boolean>((decided) => (settle = decided))
          resolve(tx)
          if (!(await commit)) throw new Abandoned()
        },
        schoolId === null ? undefined : { schoolId },
      )
      // BEGIN failed: the statements waiting for it fail with its error.
      ended.catch(reject)
    }))
  const on: TransactionQueryable = {
    query: async (sql, params) => (await begin()).query(sql, params),
    savepoint: async (work) => (await begin()).savepoint(work),
    script: async (sql) => (await begin()).script(sql),
  }
  return {
    db: bound(client, on, committed, rolledBack, schoolId),
    end: (commit) =>
      Effect.suspend(() => {
        if (endedOnce) return Effect.void
        endedOnce = true
        settle(commit)
        const finished = ended.catch((error: unknown) => {
          if (!(error instanceof Abandoned)) throw error
        })
        return Effect.onExit(
          attempt(() => finished),
          (exit) =>
            Effect.sync(() => {
              for (const callback of commit && Exit.isSuccess(exit) ? committed : rolledBack) callback()
            }),
        )
      }),
  }
}

/** Runs a promise-based helper (server/auth/*.ts) on the request's connection or transaction. */
export const onDb = <T>(work: (on: Queryable) => Promise<T>): Effect.Effect<T, ApiUnavailable, Db> =>
  Effect.gen(function* () {
    return yield* (yield* Db).use(work)
  })
