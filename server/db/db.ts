import { PGlite, type Transaction } from '@electric-sql/pglite'
import { mkdirSync } from 'node:fs'
import postgres from 'postgres'
import { asRequestRole, asRequestRoleForSession } from './row-security.ts'

/**
 * The one database interface the server uses. Two engines behind it, same SQL:
 * embedded PGlite (files under the data folder) and PostgreSQL (DATABASE_URL).
 */
export interface DbClient {
  readonly kind: 'pglite' | 'postgres'
  query<T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<T[]>
  /** A hot query kept prepared on each connection under `name` (PostgreSQL parses and plans it once). */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: ReadonlyArray<unknown>): Promise<T[]>
  /**
   * Runs `work` in one transaction; PGlite has one connection, so its transactions are serialized.
   * With `schoolId`, every statement in it runs as the request role of that school (row-security.ts).
   */
  transaction<T>(work: (tx: TransactionQueryable) => Promise<T>, options?: { readonly schoolId?: number }): Promise<T>
  /**
   * One statement as the request role of `schoolId`: row-level security shows and accepts only that
   * school's rows. On PostgreSQL it follows the statement setting the role and school, both in one
   * write on a connection that carries only school statements; on PGlite it is its own transaction
   * (`prepare`: kept prepared).
   */
  inSchool<T = Record<string, unknown>>(schoolId: number, sql: string, params: ReadonlyArray<unknown>, prepare: boolean): Promise<T[]>
  /**
   * A connection of its own until `release` (PGlite: its one connection, held exclusively), on which
   * the SqlClient (sql-client.ts) begins, commits and rolls back a transaction itself.
   */
  session(): Promise<Session>
  close(): Promise<void>
}

/** A connection leased for one transaction; `prepare` keeps the statement prepared (PostgreSQL). */
export interface Session {
  query(sql: string, params: ReadonlyArray<unknown>, prepare: boolean): Promise<Record<string, unknown>[]>
  /** A whole script of statements without parameters, as one simple query. */
  script(sql: string): Promise<void>
  release(): Promise<void>
}

/** BEGIN, COMMIT, savepoints: the SqlClient's own statements, not the server's (not reported to `observed`'s listener). */
const isTransactionControl = (sql: string) => /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/.test(sql)

export type Queryable = Pick<DbClient, 'query'>

/** A transaction's connection. */
export interface TransactionQueryable extends Queryable {
  /**
   * Runs `work` in a savepoint: when it fails, only its own statements are rolled back and the
   * transaction goes on (a failed statement would otherwise abort the whole transaction).
   */
  savepoint<T>(work: (sp: TransactionQueryable) => Promise<T>): Promise<T>
  /** Runs a whole script of statements, without parameters, as one simple query (migrations: `;` in a string or a DO block is fine). */
  script(sql: string): Promise<void>
}

/** Kept for callers of the promise interface (tests, seed, migrations). */
export type Db = DbClient

/** Reports every statement before it runs, in transactions too (tests record them to check tenancy). */
export const observed = (client: DbClient, listener: (sql: string, params: ReadonlyArray<unknown>) => void): DbClient => {
  const watch = (on: Queryable): Queryable => ({
    query: (sql, params = []) => {
      listener(sql, params)
      return on.query(sql, params)
    },
  })
  const watchTransaction = (tx: TransactionQueryable): TransactionQueryable => ({
    ...watch(tx),
    savepoint: (work) => tx.savepoint((sp) => work(watchTransaction(sp))),
    script: (sql) => {
      listener(sql, [])
      return tx.script(sql)
    },
  })
  return {
    kind: client.kind,
    query: watch(client).query,
    prepared: (name, sql, params) => {
      listener(sql, params)
      return client.prepared(name, sql, params)
    },
    inSchool: (schoolId, sql, params, prepare) => {
      listener(sql, params)
      return client.inSchool(schoolId, sql, params, prepare)
    },
    transaction: (work, options) => client.transaction((tx) => work(watchTransaction(tx)), options),
    session: async () => {
      const session = await client.session()
      return {
        ...session,
        query: (sql, params, prepare) => {
          if (!isTransactionControl(sql)) listener(sql, params)
          return session.query(sql, params, prepare)
        },
        script: (sql) => {
          listener(sql, [])
          return session.script(sql)
        },
      }
    },
    close: () => client.close(),
  }
}

/** PGlite's transaction has no savepoints of its own: plain SAVEPOINT statements (a name may be reused, the latest counts). */
const pgliteTransaction = (tx: Transaction): TransactionQueryable => {
  const query = async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await tx.query<T>(sql, [...params])).rows
  const on: TransactionQueryable = {
    query,
    script: async (sql) => void (await tx.exec(sql)),
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

/**
 * `template`: a data folder dumped by PGlite's `dumpDataDir` to start from instead of a new, empty
 * cluster (tests start each file from a migrated, seeded copy; making a cluster costs seconds).
 */
export const openPglite = async (dataDir: string | null, template?: Blob): Promise<DbClient & { readonly dumpDataDir: () => Promise<Blob> }> => {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true })
  const lite = new PGlite({ ...(dataDir === null ? {} : { dataDir }), ...(template === undefined ? {} : { loadDataDir: template }) })
  await lite.waitReady
  const query = async <T>(sql: string, params: ReadonlyArray<unknown> = []) => (await lite.query<T>(sql, [...params])).rows
  const transaction: DbClient['transaction'] = (work, options) =>
    lite.transaction(async (tx) => {
      if (options?.schoolId !== undefined) await tx.query(asRequestRole.sql, [String(options.schoolId)])
      return work(pgliteTransaction(tx))
    })
  return {
    kind: 'pglite',
    query,
    prepared: (_name, sql, params) => query(sql, params),
    transaction,
    inSchool: <T>(schoolId: number, sql: string, params: ReadonlyArray<unknown>) => transaction((tx) => tx.query<T>(sql, params), { schoolId }),
    // PGlite's transaction holds its one connection exclusively (other queries wait). Its own BEGIN is
    // ended at once, so the SqlClient begins and ends its transactions itself; a BEGIN at release
    // gives PGlite's closing COMMIT an (empty) transaction to end.
    session: () =>
      new Promise<Session>((resolve, reject) => {
        let release: () => void = () => undefined
        const released = new Promise<void>((done) => (release = done))
        const ended = lite.transaction(async (tx) => {
          await tx.query('COMMIT')
          resolve({
            query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, [...params])).rows,
            script: async (sql) => void (await tx.exec(sql)),
            release: async () => {
              release()
              await ended
            },
          })
          await released
          // Whatever the session left open is undone (normally nothing is), then the empty transaction.
          await tx.query('ROLLBACK')
          await tx.query('BEGIN')
        })
        ended.catch(reject)
      }),
    close: () => lite.close(),
    dumpDataDir: () => lite.dumpDataDir('gzip'),
  }
}

/**
 * PostgreSQL through postgres.js. Single statements share a small set of connections and are
 * pipelined on them: one network write and one wake-up of a database process serve the queries of
 * several requests at once (on a small machine the wake-ups, not the queries, are what the database
 * costs). A transaction needs a connection of its own for its whole length, so transactions draw
 * from a separate pool and never hold up the pipelined statements.
 */
export const openPostgres = async (
  connectionString: string,
  schema?: string,
  pools: { statements: number; transactions: number } = { statements: 1, transactions: 8 },
): Promise<DbClient> => {
  const open = (max: number) =>
    postgres(connectionString, {
      max,
      onnotice: () => undefined,
      ...(schema === undefined ? {} : { connection: { search_path: schema } }),
    })
  // The owner's single statements, pipelined: one connection each, taken in turn.
  const statementClients = Array.from({ length: Math.max(1, pools.statements) }, () => open(1))
  let nextStatementClient = 0
  const statements = () => statementClients[nextStatementClient++ % statementClients.length]!
  // Connections that run only a school's statements, each after the statement that sets its role
  // and school for the session: the owner's statements never share them.
  const requestClients = Array.from({ length: Math.max(1, pools.statements) }, () => open(1))
  let nextRequestClient = 0
  const requestConnection = () => requestClients[nextRequestClient++ % requestClients.length]!
  const transactions = open(pools.transactions)
  if (schema !== undefined) await statementClients[0]!.unsafe(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
  const run = async <T>(on: Pick<postgres.Sql, 'unsafe'>, text: string, params: ReadonlyArray<unknown>, prepare: boolean) =>
    [...(await on.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }))] as T[]
  return {
    kind: 'postgres',
    query: (text, params = []) => run(statements(), text, params, false),
    // postgres.js names and keeps prepared statements by their text on each connection.
    prepared: (_name, text, params) => run(statements(), text, params, true),
    inSchool: async <T>(schoolId: number, text: string, params: ReadonlyArray<unknown>, prepare: boolean) => {
      const on = requestConnection()
      // postgres.js sends a query when it is first awaited: Promise.allSettled takes both up in
      // this order, in one go, so they leave in one write; the connection runs them in order, so the
      // statement runs as the school its own first statement set (no request's statement is ever
      // sent there without one).
      const settled = await Promise.allSettled([
        on.unsafe(asRequestRoleForSession.sql, [String(schoolId)], { prepare: true }),
        on.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }),
      ])
      const failed = settled.find((outcome) => outcome.status === 'rejected')
      if (failed !== undefined) throw failed.reason
      return [...(settled[1] as PromiseFulfilledResult<postgres.RowList<postgres.Row[]>>).value] as T[]
    },
    transaction: async (work, options) => {
      // postgres.js fails a transaction in which any statement failed, even a caught one, unless
      // it ran inside its own savepoint scope.
      const onTransaction = (tx: postgres.TransactionSql): TransactionQueryable => ({
        query: (text, params = []) => run(tx, text, params, false),
        // Without parameters postgres.js sends the simple query protocol, which takes several statements.
        script: async (text) => void (await tx.unsafe(text)),
        savepoint: (savepointWork) => tx.savepoint((sp) => savepointWork(onTransaction(sp))) as Promise<Awaited<ReturnType<typeof savepointWork>>>,
      })
      let result: Awaited<ReturnType<typeof work>> | undefined
      await transactions.begin(async (tx) => {
        if (options?.schoolId !== undefined) await tx.unsafe(asRequestRole.sql, [String(options.schoolId)], { prepare: true })
        result = await work(onTransaction(tx))
      })
      return result as Awaited<ReturnType<typeof work>>
    },
    session: async () => {
      const reserved = await transactions.reserve()
      return {
        query: async (text, params, prepare) => [...(await reserved.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }))],
        script: async (text) => void (await reserved.unsafe(text)),
        release: async () => reserved.release(),
      }
    },
    close: async () => {
      await Promise.all([...statementClients, ...requestClients].map((client) => client.end({ timeout: 5 })).concat(transactions.end({ timeout: 5 })))
    },
  }
}
