import { Effect } from 'effect'
import { Reactivity } from 'effect/reactivity'
import { SqlClient, SqlError, Statement, type SqlConnection } from 'effect/sql'
import { databaseErrorKind } from '../services/db-errors.ts'
import type { DbClient, Queryable, Session, TransactionQueryable } from './db.ts'

/**
 * Our own small driver behind Effect's SQL client, for both engines (there is no @effect/sql-pg or
 * -pglite for this Effect version): a `SqlClient` made with effect/sql's constructors over the
 * promise-level engines of db.ts. Single statements go to the engine's shared connections (on
 * PostgreSQL the pipelined ones); `withTransaction` takes a session (a connection of its own, see
 * `DbClient.session`) for the transaction's length and begins, commits and rolls back on it.
 * Failures are typed `SqlError`s whose reason is read from the SQLSTATE (db-errors.ts).
 */
export interface FaslConnection extends SqlConnection.Connection {
  /** The same connection for promise-based helpers (server/auth/*.ts) run inside a transaction. */
  readonly queryable: TransactionQueryable
}

export type FaslSqlClient = SqlClient.SqlClient

/** A driver's failure as a typed SqlError, its reason read from the SQLSTATE (the driver's error stays its cause). */
export const toSqlError = (cause: unknown, operation: string): SqlError.SqlError => {
  if (SqlError.isSqlError(cause)) return cause
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined
  const message = cause instanceof Error ? cause.message : String(cause)
  const fields = { cause, message, operation }
  const reason =
    databaseErrorKind(cause) === 'unavailable'
      ? new SqlError.ConnectionError(fields)
      : code === '40001'
        ? new SqlError.SerializationError(fields)
        : code === '40P01'
          ? new SqlError.DeadlockError(fields)
          : code === '23505'
            ? new SqlError.UniqueViolation({ ...fields, constraint: String((cause as { constraint_name?: unknown }).constraint_name ?? '') })
            : new SqlError.UnknownError(fields)
  return new SqlError.SqlError({ reason })
}

/** The driver's error a SqlError carries (db-errors.ts reads its SQLSTATE). */
export const driverCause = (error: unknown): unknown => (SqlError.isSqlError(error) ? error.reason.cause : error)

export const isUniqueViolation = (error: unknown): boolean => SqlError.isSqlError(error) && error.reason._tag === 'UniqueViolation'

const attemptSql = <T>(operation: string, work: () => Promise<T>): Effect.Effect<T, SqlError.SqlError> =>
  Effect.tryPromise({ try: work, catch: (cause) => toSqlError(cause, operation) })

type Rows = ReadonlyArray<Record<string, unknown>>
type Run = (sql: string, params: ReadonlyArray<unknown>, prepare: boolean) => Promise<Rows>

const connectionOver = (run: Run, queryable: TransactionQueryable): FaslConnection => {
  const rows = (
    sql: string,
    params: ReadonlyArray<unknown>,
    prepare: boolean,
    transformRows: (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined,
  ) =>
    Effect.map(
      attemptSql('execute', () => run(sql, params, prepare)),
      (result) => (transformRows === undefined ? result : transformRows(result)) as ReadonlyArray<never>,
    )
  const values = (sql: string, params: ReadonlyArray<unknown>, prepare: boolean) =>
    Effect.map(rows(sql, params, prepare, undefined), (result) => result.map((row) => Object.values(row as Record<string, unknown>)))
  return {
    queryable,
    execute: (sql, params, transformRows) => rows(sql, params, true, transformRows),
    executeUnprepared: (sql, params, transformRows) => rows(sql, params, false, transformRows),
    executeRaw: (sql, params) => rows(sql, params, false, undefined),
    executeValues: (sql, params) => values(sql, params, true),
    executeValuesUnprepared: (sql, params) => values(sql, params, false),
    executeStream: () => Effect.die(new Error('streaming is not supported by this driver')) as never,
  }
}

/** A session as promise-level helpers see it: savepoints are plain SAVEPOINT statements (a name may be reused, the latest counts). */
export const sessionQueryable = (session: Session): TransactionQueryable => {
  const query = <T>(sql: string, params: ReadonlyArray<unknown> = []) => session.query(sql, params, false) as Promise<T[]>
  const on: TransactionQueryable = {
    query,
    script: (sql) => session.script(sql),
    savepoint: async (work) => {
      await query('SAVEPOINT fasl_savepoint')
      try {
        const result = await work(on)
        await query('RELEASE SAVEPOINT fasl_savepoint')
        return result
      } catch (error) {
        await query('ROLLBACK TO SAVEPOINT fasl_savepoint')
        throw error
      }
    },
  }
  return on
}

/** PostgreSQL-style placeholders; the server writes its SQL by hand (`sql.unsafe`), so the helpers are unused. */
const compiler = Statement.makeCompiler({
  dialect: 'pg',
  placeholder: (index) => `$${index}`,
  onIdentifier: (value) => `"${value.replaceAll('"', '""')}"`,
  onRecordUpdate: () => ['', []],
  onCustom: () => ['', []],
})

/** A session's connection, leased for the scope that acquires it (a transaction's length) and released when it closes. */
const sessionConnection = (client: DbClient): Effect.Effect<FaslConnection, SqlError.SqlError, import('effect').Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      attemptSql('acquire', () => client.session()),
      (session) => Effect.promise(() => session.release().catch(() => undefined)),
    ),
    (session) =>
      connectionOver((sql, params, prepare) => {
        // A ROLLBACK that fails finds the connection gone: nothing is left to undo (effect/sql would make it a defect).
        if (/^ROLLBACK\b/.test(sql)) return session.query(sql, params, prepare).catch(() => [])
        return session.query(sql, params, prepare)
      }, sessionQueryable(session)),
  )

const statementsQueryable = (client: DbClient): TransactionQueryable => ({
  query: (sql, params) => client.query(sql, params),
  savepoint: (work) => work(statementsQueryable(client)),
  script: async (sql) => void (await client.query(sql)),
})

const clients = new WeakMap<DbClient, FaslSqlClient>()

/**
 * The SqlClient over `client`, made once per client: single statements on its shared connections
 * (`execute` prepared, `executeUnprepared` not), transactions on a session each.
 */
export const sqlClientOf = (client: DbClient): FaslSqlClient => {
  const known = clients.get(client)
  if (known !== undefined) return known
  const shared = connectionOver(
    (sql, params, prepare) => (prepare ? client.prepared(sql, sql, params) : client.query(sql, params)) as Promise<Rows>,
    statementsQueryable(client),
  )
  const made = Effect.runSync(
    SqlClient.make({
      acquirer: Effect.succeed(shared),
      transactionAcquirer: sessionConnection(client),
      compiler,
      driver: client.kind,
      spanAttributes: [['db.system.name', 'postgresql']],
    }).pipe(Effect.provide(Reactivity.layer)),
  )
  clients.set(client, made)
  return made
}

/** The session connection of the transaction `sql` has open in this fiber, if any. */
export const currentConnection = (sql: FaslSqlClient) => Effect.serviceOption(sql.transactionService)

export type { Queryable }
