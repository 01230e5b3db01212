import { Cause, Context, Deferred, Effect, Exit, Layer, Option, Scope } from 'effect'
import { SqlError as SqlErrors, type SqlClient, type SqlError } from 'effect/sql'
import type { ApiUnavailable } from '../../contracts/wire-failures.ts'
import type { DbClient, Queryable } from '../db/db.ts'
import { asRequestRole, ownerRole } from '../db/row-security.ts'
import { isUniqueViolation, sqlClientOf, toSqlError, type FaslConnection, type FaslSqlClient } from '../db/sql-client.ts'
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

/** A SqlError (or a driver's error) as the request sees it: 503 worth retrying, or a logged defect (db-errors.ts). */
const orUnavailable = <A>(effect: Effect.Effect<A, SqlError.SqlError>): Effect.Effect<A, ApiUnavailable> => Effect.catch(effect, fromDatabaseError)

const attemptSql = <T>(work: () => Promise<T>): Effect.Effect<T, SqlError.SqlError> =>
  Effect.tryPromise({ try: work, catch: (cause) => toSqlError(cause, 'execute') })

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

/** The transaction's connection and depth, as effect/sql's `withTransaction` keeps it in the context. */
type Level = SqlClient.TransactionConnection.Service

/** A transaction a DbService is bound to: its connection (begun at the first statement for a held one) and its callbacks. */
interface OpenTransaction {
  readonly level: Effect.Effect<Level, SqlError.SqlError>
  readonly committed: Array<() => void>
  readonly rolledBack: Array<() => void>
}

/** Statements outside a transaction as the request role of `schoolId` (each its own short transaction). */
const schoolStatements = (client: DbClient, schoolId: number): Queryable => ({
  query: (sql, params = []) => client.inSchool(schoolId, sql, params, false),
})

const bound = (sql: FaslSqlClient, client: DbClient, schoolId: number | null, transaction: OpenTransaction | null): DbService => {
  const inTransaction = transaction !== null
  /** `raw` on the transaction's connection: effect/sql's statements run on the connection the context names. */
  const onTransaction = <A>(raw: Effect.Effect<A, SqlError.SqlError>, open: OpenTransaction) =>
    Effect.flatMap(open.level, (level) => Effect.provideService(raw, sql.transactionService, level))
  const unprepared = <T>(text: string, params: ReadonlyArray<unknown>) =>
    sql.unsafe<T & object>(text, params).unprepared as Effect.Effect<T[], SqlError.SqlError>
  const raw = <T>(text: string, params: ReadonlyArray<unknown>, prepare: boolean): Effect.Effect<T[], SqlError.SqlError> =>
    transaction !== null
      ? onTransaction(unprepared<T>(text, params), transaction)
      : schoolId !== null
        ? attemptSql(() => client.inSchool<T>(schoolId, text, params, prepare))
        : prepare
          ? (sql.unsafe<T & object>(text, params) as Effect.Effect<ReadonlyArray<T>, SqlError.SqlError> as Effect.Effect<T[], SqlError.SqlError>)
          : unprepared<T>(text, params)
  // In a transaction a conflict aborts all of it: the transaction, not the statement, is run again.
  const statement = <A>(work: Effect.Effect<A, SqlError.SqlError>) => (inTransaction ? orUnavailable(work) : retryingConflicts(orUnavailable(work)))
  /** Inside the transaction, `raw` in a savepoint: its failure undoes only its own statements. */
  const inSavepoint = <A, E, R>(work: Effect.Effect<A, E, R>, open: OpenTransaction): Effect.Effect<A, E | ApiUnavailable, R> =>
    Effect.gen(function* () {
      yield* orUnavailable(onTransaction(unprepared('SAVEPOINT fasl_savepoint', []), open))
      const exit = yield* Effect.exit(work)
      yield* orUnavailable(
        onTransaction(unprepared(Exit.isSuccess(exit) ? 'RELEASE SAVEPOINT fasl_savepoint' : 'ROLLBACK TO SAVEPOINT fasl_savepoint', []), open),
      )
      return yield* exit
    })
  const service: DbService = {
    kind: client.kind,
    client,
    schoolId,
    inTransaction,
    afterCommit: (callback) => (transaction === null ? callback() : void transaction.committed.push(callback)),
    afterRollback: (callback) => void (transaction !== null && transaction.rolledBack.push(callback)),
    query: (text, params = []) => statement(raw(text, params, false)),
    prepared: (text, params) => statement(raw(text, params, true)),
    use: (work) =>
      orUnavailable(
        transaction === null
          ? attemptSql(() => work(schoolId !== null ? schoolStatements(client, schoolId) : client))
          : Effect.flatMap(transaction.level, ([connection]) => attemptSql(() => work((connection as FaslConnection).queryable))),
      ),
    queryAcrossSchools: <T>(text: string, params: ReadonlyArray<unknown> = []) =>
      schoolId === null
        ? statement(raw<T>(text, params, false))
        : transaction === null
          ? statement(unprepared<T>(text, params))
          : statement(
              onTransaction(
                // The owner for this one statement, then the school's role again. A failed statement
                // has aborted the transaction, which then needs no role.
                Effect.gen(function* () {
                  yield* unprepared(ownerRole.sql, [])
                  const rows = yield* unprepared<T>(text, params)
                  yield* unprepared(asRequestRole.sql, [String(schoolId)])
                  return rows
                }),
                transaction,
              ),
            ),
    queryUnlessDuplicate: <T>(text: string, params: ReadonlyArray<unknown> = []) => {
      const refusedAsNull = (work: Effect.Effect<T[], SqlError.SqlError>) =>
        Effect.catch(work, (error): Effect.Effect<T[] | null, SqlError.SqlError> => (isUniqueViolation(error) ? Effect.succeed(null) : Effect.fail(error)))
      return transaction === null
        ? statement(refusedAsNull(raw<T>(text, params, false)))
        : // The refused statement's savepoint is rolled back, so the transaction goes on.
          Effect.catch(inSavepoint(raw<T>(text, params, false), transaction), (error): Effect.Effect<T[] | null, ApiUnavailable> =>
            isUniqueViolation(error) ? Effect.succeed(null) : SqlErrors.isSqlError(error) ? fromDatabaseError(error) : Effect.fail(error),
          )
    },
    transaction: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>> =>
      inTransaction
        ? Effect.provideService(effect, Db, service)
        : (inNewTransaction(sql, client, schoolId, effect) as Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>>),
    savepoint: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>> =>
      (transaction === null
        ? Effect.provideService(effect, Db, service)
        : inSavepoint(Effect.provideService(effect, Db, service), transaction)) as Effect.Effect<A, E | ApiUnavailable, Exclude<R, Db>>,
  }
  return service
}

/**
 * `effect` in a transaction of the SqlClient's `withTransaction` (a session of its own, BEGIN,
 * COMMIT on success, ROLLBACK on failure), begun as the request role of `schoolId` when one is
 * given, with `Db` inside bound to it. A serialisation failure or deadlock runs it again.
 */
const inNewTransaction = <A, E, R>(sql: FaslSqlClient, client: DbClient, schoolId: number | null, effect: Effect.Effect<A, E, R>) =>
  retryingConflicts(
    Effect.gen(function* () {
      const committed: Array<() => void> = []
      const rolledBack: Array<() => void> = []
      let workFailed = false
      const work = Effect.gen(function* () {
        const level = Option.getOrThrow(yield* Effect.serviceOption(sql.transactionService))
        if (schoolId !== null) yield* sql.unsafe(asRequestRole.sql, [String(schoolId)])
        const inside = bound(sql, client, schoolId, { level: Effect.succeed(level), committed, rolledBack })
        return yield* Effect.onError(Effect.provideService(effect, Db, inside), () => Effect.sync(() => void (workFailed = true)))
      })
      const ran = yield* Effect.exit(sql.withTransaction(work))
      // BEGIN, the role or COMMIT failed: the client's SqlError as the request sees it (the work's own failure stays as it was).
      const outcome: Exit.Exit<A, E | ApiUnavailable> =
        Exit.isSuccess(ran) || workFailed ? (ran as Exit.Exit<A, E>) : yield* Effect.exit(Effect.catch(Effect.failCause(ran.cause), fromDatabaseError))
      // Rolled back for sure when the work failed (ROLLBACK followed) or a conflict failed the COMMIT; a lost COMMIT is unknown.
      if (Exit.isSuccess(outcome)) for (const callback of committed) callback()
      else if (workFailed || failedRetryably(outcome)) for (const callback of rolledBack) callback()
      return yield* outcome
    }),
  )

/** The database with the owner's full access, or (`schoolId`) reaching only that school's rows. */
export const dbService = (client: DbClient, schoolId: number | null = null): DbService => bound(sqlClientOf(client), client, schoolId, null)

/**
 * The database as a scoped Layer: `open` runs when the Layer is built in a scope (the server's),
 * the client is closed when that scope closes. A client already closed (a test closes it to see
 * the server answer 503) is fine.
 */
export const dbLayer = <E>(open: Effect.Effect<DbClient, E>): Layer.Layer<Db, E> =>
  Layer.effect(
    Db,
    Effect.map(
      Effect.acquireRelease(open, (client) => Effect.promise(() => client.close().catch(() => undefined))),
      (client) => dbService(client),
    ),
  )

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
 * It spans two effects (the call, then the storing), so it is begun and ended here on a session
 * of the SqlClient (`reserve`) rather than by `withTransaction` around one effect.
 */
export const heldTransaction = (client: DbClient, schoolId: number | null = null): HeldTransaction => {
  const sql = sqlClientOf(client)
  const committed: Array<() => void> = []
  const rolledBack: Array<() => void> = []
  // The session is released when this scope closes, at `end`.
  const scope = Scope.makeUnsafe()
  const begun = Deferred.makeUnsafe<Level, SqlError.SqlError>()
  let beginning = false
  let endedOnce = false
  const begin = Effect.uninterruptible(
    Effect.gen(function* () {
      const connection = yield* Scope.provide(sql.reserve, scope)
      yield* connection.executeUnprepared('BEGIN', [], undefined)
      if (schoolId !== null) yield* connection.execute(asRequestRole.sql, [String(schoolId)], undefined)
      return [connection, 0] as Level
    }),
  )
  const level: Effect.Effect<Level, SqlError.SqlError> = Effect.suspend(() => {
    if (beginning) return Deferred.await(begun)
    beginning = true
    return Effect.flatMap(Effect.exit(begin), (exit) => Effect.andThen(Deferred.done(begun, exit), exit))
  })
  return {
    db: bound(sql, client, schoolId, { level, committed, rolledBack }),
    end: (commit) =>
      Effect.suspend(() => {
        if (endedOnce) return Effect.void
        endedOnce = true
        const finish = beginning
          ? Effect.flatMap(Deferred.await(begun), ([connection]) => Effect.asVoid(connection.executeUnprepared(commit ? 'COMMIT' : 'ROLLBACK', [], undefined)))
          : Effect.void
        return orUnavailable(finish).pipe(
          Effect.ensuring(Scope.close(scope, Exit.void)),
          Effect.onExit((exit) =>
            Effect.sync(() => {
              for (const callback of commit && Exit.isSuccess(exit) ? committed : rolledBack) callback()
            }),
          ),
        )
      }),
  }
}

/** Runs a promise-based helper (server/auth/*.ts) on the request's connection or transaction. */
export const onDb = <T>(work: (on: Queryable) => Promise<T>): Effect.Effect<T, ApiUnavailable, Db> =>
  Effect.gen(function* () {
    return yield* (yield* Db).use(work)
  })
