import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { NodeHttpServer } from '@effect/platform-node'
import { Context, Effect, Exit, Layer, Scope, type FileSystem, type Path } from 'effect'
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse, type Etag, type HttpPlatform } from 'effect/http'
import { HttpApiBuilder, HttpApiScalar } from 'effect/http-api'
import { FaslApi } from '../contracts/api.ts'
import type { FailureWording } from '../contracts/failures.ts'
import { localeFromAcceptLanguage } from '../contracts/errors.ts'
import { AuthHandlers } from './api/auth.ts'
import { AuthenticationLive } from './api/authentication.ts'
import { SystemHandlers } from './api/system.ts'
import { AccountStates, cachedAccountStates } from './auth/account-states.ts'
import { accessTokens } from './auth/tokens.ts'
import type { ServerFeature } from './feature.ts'
import { configFromEnv, type ServerConfig } from './config.ts'
import { observed, openPglite, openPostgres, type DbClient } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { ensureRowSecurity } from './db/row-security.ts'
import { faslComposition, migrationSetsOf, schoolOwnedTablesOf, serverFeatures, type ServerComposition } from './features.ts'
import { housekeeping } from './housekeeping.ts'
import { AvailabilityLive } from './http/availability.ts'
import { envelopedRefusal } from './http/bare-answers.ts'
import { bodyLimitsOf, withBodyLimits } from './http/body-limit.ts'
import { withEnvelopedClientErrors } from './http/client-errors.ts'
import { answerClientFile, loadClientFiles } from './http/client-files.ts'
import { failureWording } from './http/failure-wording.ts'
import { ruleMessagesOfApi } from '../contracts/feature-rule-messages.ts'
import { issueFormatter } from '../contracts/validation-format.ts'
import { answerFailures, forbiddenEnvelope, isApiPath, notFoundEnvelope } from './http/envelope-errors.ts'
import { IdempotencyLive } from './http/idempotency.ts'
import { withRetryAfter } from './http/retry-after.ts'
import { withSecurityHeaders } from './http/security-headers.ts'
import { answerStoredFile } from './http/stored-files.ts'
import { smtpDelivery } from './mail/delivery.ts'
import { isEmpty, seedDemoSchool, seedFirstAdmin, type DemoAccount } from './seed/demo.ts'
import { Audit, databaseAudit } from './services/audit.ts'
import { Clock, systemClock, type ClockService } from './services/clock.ts'
import { Config, type ConfigService } from './services/config.ts'
import { Db, dbLayer } from './services/db.ts'
import { diskFileStore, FileStore, type FileStoreService } from './services/file-store.ts'
import { fileStoreLayer, type ReleasableFileStore } from './services/file-store-layer.ts'
import { s3FileStore } from './services/s3-file-store.ts'
import { Mailer, outboxMailer } from './services/mailer.ts'
import { databaseRateLimits, RateLimits } from './services/rate-limits.ts'
import { ServerKeys, serverKeys } from './services/server-keys.ts'
import { UploadPurposes, uploadPurposesOf } from './uploads/upload-purposes.ts'
import { Tokens } from './services/tokens.ts'
import { Background } from './services/background.ts'

/*
 * How the server is put together: handlers (the core's in server/api/, each feature's in plugins/<id>/server/,
 * listed in server/features.ts) depend on services (server/services/:
 * Config, Db, Clock, Tokens, Mailer, FileStore, RateLimits, Audit, AccountStates for authorization),
 * each provided here as a Layer; a test swaps one through StartOptions. The API's middleware,
 * declared in contracts/, is implemented beside it: Availability (503 when the database is
 * unreachable), Authentication with the endpoint's allow(...) rule (server/api/authentication.ts),
 * Idempotency (server/http/idempotency.ts). Tenancy: every statement on a school-owned table goes
 * through inSchool (server/services/tenancy.ts).
 */

export interface StartOptions {
  /** Overrides of the environment's configuration (port 0 = any free port). */
  readonly config?: Partial<ServerConfig>
  /** PostgreSQL only: run in this schema (created if missing), so tests can isolate themselves. */
  readonly schema?: string
  /** Embedded database in memory instead of files (tests). */
  readonly inMemory?: boolean
  /** Embedded database: start from this PGlite data-folder dump (tests' seeded template). */
  readonly pgliteTemplate?: Blob
  /** A worker of a cluster: the primary already migrated and seeded. */
  readonly prepared?: boolean
  /** The built client to serve (default ./dist). */
  readonly distDir?: string
  /** Services a test swaps (default: the system clock, files on disk under the files folder). */
  readonly clock?: ClockService
  readonly fileStore?: ReleasableFileStore
  /** Told every statement the server runs, before it runs (tests record them). */
  readonly onStatement?: (sql: string, params: ReadonlyArray<unknown>) => void
  /** The API served and the features implementing it (default: Fasl's, contracts/api.ts and server/features.ts). */
  readonly composition?: ServerComposition
}

export interface StartedServer {
  readonly url: string
  readonly port: number
  /** The database client underneath (tests read and change rows with it). */
  readonly db: DbClient
  readonly config: ServerConfig
  /** Accounts created on this start (demo school or first admin); empty when the database had data. */
  readonly seeded: ReadonlyArray<DemoAccount>
  /** Runs the periodic housekeeping once, now (tests; the server runs it on its own schedule). */
  readonly prune: () => Promise<void>
  readonly close: () => Promise<void>
}

const openDatabase = async (config: ServerConfig, options: StartOptions): Promise<DbClient> => {
  const client =
    config.databaseUrl !== null
      ? await openPostgres(config.databaseUrl, options.schema, { statements: config.dbPool, transactions: config.dbTxPool })
      : await openPglite(options.inMemory === true ? null : join(config.dataDir, 'db'), options.pgliteTemplate)
  return options.onStatement === undefined ? client : observed(client, options.onStatement)
}

/** The signing key: from the environment, else made once and kept (a restart keeps everyone signed in). */
const jwtSecret = async (config: ServerConfig, db: DbClient, inMemory: boolean): Promise<string> => {
  if (config.jwtSecret !== null) return config.jwtSecret
  if (config.databaseUrl === null && !inMemory) {
    const file = join(config.dataDir, 'jwt-secret')
    if (existsSync(file)) return readFileSync(file, 'utf8').trim()
    mkdirSync(config.dataDir, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
  await db.query(`INSERT INTO settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [randomBytes(48).toString('base64url')])
  return (await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`))[0]!.value
}

const seed = async (config: ServerConfig, db: DbClient, features: ReadonlyArray<ServerFeature<never>>): Promise<ReadonlyArray<DemoAccount>> => {
  if (config.seed === 'none' || !(await isEmpty(db))) return []
  if (config.seed === 'demo' || config.databaseUrl === null) return seedDemoSchool(db, features)
  return [await seedFirstAdmin(db)]
}

/** Migrations, then the seed of a new database: done once, before any request is served. */
export const prepareDatabase = async (
  config: ServerConfig,
  db: DbClient,
  features: ReadonlyArray<ServerFeature<never>> = faslComposition.features,
): Promise<ReadonlyArray<DemoAccount>> => {
  await migrate(db, migrationSetsOf(features))
  await ensureRowSecurity(db, schoolOwnedTablesOf(features))
  return seed(config, db, features)
}

/** Opens the configured database, prepares it and closes it again (a cluster's primary does this). */
export const prepareOnly = async (options: StartOptions = {}): Promise<ReadonlyArray<DemoAccount>> => {
  const config: ServerConfig = { ...configFromEnv(), ...options.config }
  const db = await openDatabase(config, options)
  try {
    const { features } = options.composition ?? faslComposition
    const seeded = await prepareDatabase(config, db, features)
    await ensureDemoFiles(db, options.fileStore ?? diskFileStore(config.filesDir), features)
    return seeded
  } finally {
    await db.close()
  }
}

/** Each feature's demo files missing from the store (the demo students' photos), written at start. */
const ensureDemoFiles = async (db: DbClient, store: FileStoreService, features: ReadonlyArray<ServerFeature<never>>) => {
  for (const feature of features) await feature.ensureDemoFiles?.(db, store)
}

/*
 * The typecheck's part of the composition: Fasl's API layer with the core's and the listed features'
 * handlers needs nothing but the services and middleware startServer provides, so a group of
 * contracts/api.ts without a handler (or a handler needing a service nobody provides) fails here.
 * startServer composes whichever API it is given (the same code, with `composition`), checked at start.
 */
const _faslApiLayer = () =>
  HttpApiBuilder.layer(FaslApi, { openapiPath: '/api/openapi.json' }).pipe(
    Layer.provide([SystemHandlers, AuthHandlers, ...serverFeatures.map((feature) => feature.handlers)]),
    Layer.provide([AuthenticationLive, IdempotencyLive, AvailabilityLive]),
  )
type Provided =
  FailureWording | Config | Db | Clock | Tokens | ServerKeys | Mailer | FileStore | RateLimits | Audit | AccountStates | UploadPurposes | Background
/** What HttpApiBuilder.layer needs of the platform (the Node server provides it). */
type Platform = Etag.Generator | HttpRouter.HttpRouter | FileSystem.FileSystem | HttpPlatform.HttpPlatform | Path.Path
type Unprovided = Exclude<Layer.Services<ReturnType<typeof _faslApiLayer>>, Provided | Platform | HttpRouter.Request<'Requires', Provided>>
export const _everyGroupHandled: true = null as unknown as Unprovided

const noStore = HttpServerResponse.setHeader('cache-control', 'no-store')

/** The client: built files from memory (see client-files.ts), index.html for every client route. */
const clientFilesHandler = (distDir: string) => {
  const files = loadClientFiles(distDir)
  if (files.size === 0) return () => HttpServerResponse.text('The client is not built yet: run `npm run build` (npm start does it for you).', { status: 503 })
  return (request: HttpServerRequest.HttpServerRequest) => {
    const answer = answerClientFile(files, {
      path: request.url,
      acceptEncoding: request.headers['accept-encoding'],
      ifNoneMatch: request.headers['if-none-match'],
    })
    return answer.status === 304
      ? HttpServerResponse.empty({ status: 304, headers: answer.headers })
      : HttpServerResponse.uint8Array(answer.body, { status: answer.status, headers: answer.headers })
  }
}

export const startServer = async (options: StartOptions = {}): Promise<StartedServer> => {
  const config: ServerConfig = { ...configFromEnv(), ...options.config }
  // The server's scope owns what it opens: the database, the file store, housekeeping, mail delivery, the HTTP server.
  // They are closed in the reverse order by close(), or at once when the start fails.
  const scope = Scope.makeUnsafe()
  const inScope = <A>(effect: Effect.Effect<A, unknown, Scope.Scope>) => Effect.runPromise(Scope.provide(effect, scope))
  try {
    return await startInScope(config, options, scope, inScope)
  } catch (error) {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    throw error
  }
}

const startInScope = async (
  config: ServerConfig,
  options: StartOptions,
  scope: Scope.Closeable,
  inScope: <A>(effect: Effect.Effect<A, unknown, Scope.Scope>) => Promise<A>,
): Promise<StartedServer> => {
  const { features } = options.composition ?? faslComposition
  // Whatever groups it has, it is read as Fasl's is (see ServerComposition.api).
  const api = (options.composition ?? faslComposition).api as typeof FaslApi
  const formatApiIssue = issueFormatter(ruleMessagesOfApi(api))
  // The database's Layer, built in the server's scope: the client closes with it.
  const database = Context.get(await inScope(Layer.build(dbLayer(Effect.tryPromise(() => openDatabase(config, options))))), Db)
  const db = database.client
  const seeded = options.prepared === true ? [] : await prepareDatabase(config, db, features)
  const secret = await jwtSecret(config, db, options.inMemory === true)
  const tokens = accessTokens(secret)
  const clock = options.clock ?? systemClock
  // The file store's Layer, built in the server's scope: released after the HTTP server stops, before the database.
  const fileStore = Context.get(
    await inScope(Layer.build(fileStoreLayer(() => options.fileStore ?? (config.s3 !== null ? s3FileStore(config.s3) : diskFileStore(config.filesDir))))),
    FileStore,
  )
  // Housekeeping, at start and every FASL_PRUNE_INTERVAL_SECONDS, on a Schedule in the server's scope.
  const housework = housekeeping(db, fileStore, clock, features)
  await inScope(housework.run(config.pruneIntervalSeconds))

  let listeningPort = config.port
  const configService: ConfigService = {
    ...config,
    // Known only once listening (port 0 picks one).
    get linkBase() {
      return config.publicUrl ?? `http://localhost:${listeningPort}`
    },
  }
  const delivery =
    config.smtpUrl === null
      ? null
      : await inScope(
          smtpDelivery(
            db,
            { url: config.smtpUrl, from: () => config.mailFrom ?? `Fasl <no-reply@${new URL(configService.linkBase).hostname}>` },
            config.mailDelivery,
          ),
        )
  // A cluster's primary wrote them when it prepared the database (prepareOnly).
  if (options.prepared !== true) await ensureDemoFiles(db, fileStore, features)
  const accountStates = cachedAccountStates(database, clock)
  const securityHeaders = withSecurityHeaders({ publicUrl: config.publicUrl })
  const services = Layer.mergeAll(
    // Domain failures get their envelope and words here, as the answer is encoded (contracts/failures.ts).
    failureWording(api),
    Layer.succeed(Config, configService),
    Layer.succeed(Db, database),
    Layer.succeed(Clock, clock),
    Layer.succeed(Tokens, tokens),
    // Keys derived from the server's secret for the features that need one no client knows.
    Layer.succeed(ServerKeys, serverKeys(secret)),
    Layer.succeed(Mailer, outboxMailer(delivery)),
    Layer.succeed(FileStore, fileStore),
    // The purposes the features' uploads are for, as they register them.
    Layer.succeed(UploadPurposes, uploadPurposesOf(features)),
    Layer.succeed(RateLimits, databaseRateLimits),
    Layer.succeed(Audit, databaseAudit),
    Layer.succeed(AccountStates, accountStates),
    Layer.succeed(Background, { scope }),
  )
  const apiLayer = HttpApiBuilder.layer(api, { openapiPath: '/api/openapi.json' }).pipe(
    // The core's own groups, then each feature's (server/features.ts).
    Layer.provide([SystemHandlers, AuthHandlers, ...features.map((feature) => feature.handlers)]),
    Layer.provide([AuthenticationLive, IdempotencyLive, AvailabilityLive]),
    Layer.provide(services),
  )
  const routes = Layer.mergeAll(apiLayer, HttpApiScalar.layer(api, { path: '/api/docs' }))
  const bodyLimits = withBodyLimits(bodyLimitsOf(api, config.maxBodyBytes, formatApiIssue))

  const program = Effect.gen(function* () {
    const api = yield* HttpRouter.toHttpEffect(routes)
    const client = clientFilesHandler(options.distDir ?? join(process.cwd(), 'dist'))
    const server = yield* HttpServer.HttpServer
    const port = 'port' in server.address ? server.address.port : config.port
    listeningPort = port
    const unmatched = (request: HttpServerRequest.HttpServerRequest) => {
      const path = request.url.split('?')[0] ?? '/'
      if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/files/')) {
        const locale = localeFromAcceptLanguage(request.headers['accept-language'])
        // No stored file is public: only a signed, unexpired link opens one (auth/file-links.ts).
        if (!tokens.fileLinks.verify(path, request.url.slice(path.length + 1))) return Effect.succeed(forbiddenEnvelope(locale))
        const query = new URLSearchParams(request.url.slice(path.length + 1))
        // `view=inline` is outside the signature: it changes only how a PDF the link already opens is shown.
        const inline = query.get('view') === 'inline'
        return Effect.map(answerStoredFile(fileStore, path, query.get('name'), request.headers.range, inline), (answer) => answer ?? notFoundEnvelope(locale))
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) return Effect.succeed(client(request))
      return Effect.succeed(notFoundEnvelope(localeFromAcceptLanguage(request.headers['accept-language'])))
    }
    // The outermost layer runs on every request, so it is plain functions around one effect: limits
    // before parsing, every failure answered in the envelope, the security headers set once.
    const app = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const path = request.url.split('?')[0] ?? '/'
      return bodyLimits(request, path, api).pipe(
        Effect.catchCause((cause) => answerFailures(cause, () => unmatched(request), formatApiIssue)),
        Effect.map((response) => securityHeaders(path, path === '/meta.json' ? noStore(response) : withRetryAfter(envelopedRefusal(request, path, response)))),
      )
    })
    yield* HttpServer.serveEffect()(app)
    return port
  })

  const serverLayer = NodeHttpServer.layer(() => withEnvelopedClientErrors(createServer()), { port: config.port, host: config.host })
  // The router names the handlers' services among its requirements; they are the same `services`.
  // The Node server lives in `scope` (not the effect's own), so it keeps listening until close().
  const serverContext = await Effect.runPromise(Layer.buildWithScope(serverLayer, scope))
  // The composed API's groups are known only at start (HttpApiBuilder.layer fails there on one without
  // a handler); Fasl's own composition is checked statically above (_everyGroupHandled).
  const runnable = program.pipe(Effect.provide(services), Effect.provideContext(serverContext), Scope.provide(scope)) as unknown as Effect.Effect<
    number,
    unknown
  >
  const port = await Effect.runPromise(runnable)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    config,
    seeded,
    prune: housework.pruneNow,
    // The HTTP server, mail delivery, housekeeping, the file store (fileStoreLayer), then the database (dbLayer).
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
