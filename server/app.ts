import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { NodeHttpServer } from '@effect/platform-node'
import { Effect, Exit, Layer, Scope } from 'effect'
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse, HttpStaticServer } from 'effect/http'
import { HttpApiBuilder, HttpApiScalar } from 'effect/http-api'
import { FaslApi } from '../contracts/api.ts'
import { localeFromAcceptLanguage } from '../contracts/errors.ts'
import { AccountHandlers } from './api/account.ts'
import { AdminHandlers, AutoLoginLinkHandlers } from './api/admin.ts'
import { AuthHandlers } from './api/auth.ts'
import { AuthenticationLive } from './api/authentication.ts'
import { SchoolHandlers } from './api/school.ts'
import { SystemHandlers } from './api/system.ts'
import { pruneHits } from './auth/rate-limit.ts'
import { accessTokens } from './auth/tokens.ts'
import { configFromEnv, type ServerConfig } from './config.ts'
import { openPglite, openPostgres, type Db } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { answerClientFile, loadClientFiles } from './http/client-files.ts'
import { answerFailures, isApiPath, notFoundEnvelope } from './http/envelope-errors.ts'
import { withIdempotency } from './http/idempotency.ts'
import { smtpDelivery } from './mail/delivery.ts'
import { outboxMailer } from './mail/mailer.ts'
import { isEmpty, seedDemoSchool, seedFirstAdmin, type DemoAccount } from './seed/demo.ts'
import { ServerRuntime, type Runtime } from './services.ts'

export interface StartOptions {
  /** Overrides of the environment's configuration (port 0 = any free port). */
  readonly config?: Partial<ServerConfig>
  /** PostgreSQL only: run in this schema (created if missing), so tests can isolate themselves. */
  readonly schema?: string
  /** Embedded database in memory instead of files (tests). */
  readonly inMemory?: boolean
  /** A worker of a cluster: the primary already migrated and seeded. */
  readonly prepared?: boolean
  /** The built client to serve (default ./dist). */
  readonly distDir?: string
}

export interface StartedServer {
  readonly url: string
  readonly port: number
  readonly db: Db
  readonly config: ServerConfig
  /** Accounts created on this start (demo school or first admin); empty when the database had data. */
  readonly seeded: ReadonlyArray<DemoAccount>
  readonly close: () => Promise<void>
}

const openDatabase = (config: ServerConfig, options: StartOptions) =>
  config.databaseUrl !== null
    ? openPostgres(config.databaseUrl, options.schema)
    : openPglite(options.inMemory === true ? null : join(config.dataDir, 'db'))

/** The signing key: from the environment, else made once and kept (a restart keeps everyone signed in). */
const jwtSecret = async (config: ServerConfig, db: Db, inMemory: boolean): Promise<string> => {
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

const seed = async (config: ServerConfig, db: Db): Promise<ReadonlyArray<DemoAccount>> => {
  if (config.seed === 'none' || !(await isEmpty(db))) return []
  if (config.seed === 'demo' || config.databaseUrl === null) return seedDemoSchool(db)
  return [await seedFirstAdmin(db)]
}

/** Migrations, then the seed of a new database: done once, before any request is served. */
export const prepareDatabase = async (config: ServerConfig, db: Db): Promise<ReadonlyArray<DemoAccount>> => {
  await migrate(db)
  return seed(config, db)
}

/** Opens the configured database, prepares it and closes it again (a cluster's primary does this). */
export const prepareOnly = async (options: StartOptions = {}): Promise<ReadonlyArray<DemoAccount>> => {
  const config: ServerConfig = { ...configFromEnv(), ...options.config }
  const db = await openDatabase(config, options)
  try {
    return await prepareDatabase(config, db)
  } finally {
    await db.close()
  }
}

const noStore = HttpServerResponse.setHeader('cache-control', 'no-store')

/** The client: built files from memory (see client-files.ts), index.html for every client route. */
const clientFilesHandler = (distDir: string) => {
  const files = loadClientFiles(distDir)
  if (files.size === 0) return () => HttpServerResponse.text('The client is not built yet: run `npm run build` (npm start does it for you).', { status: 503 })
  return (request: HttpServerRequest.HttpServerRequest) => {
    const answer = answerClientFile(files, { path: request.url, acceptEncoding: request.headers['accept-encoding'], ifNoneMatch: request.headers['if-none-match'] })
    return answer.status === 304
      ? HttpServerResponse.empty({ status: 304, headers: answer.headers })
      : HttpServerResponse.uint8Array(answer.body, { status: answer.status, headers: answer.headers })
  }
}

export const startServer = async (options: StartOptions = {}): Promise<StartedServer> => {
  const config: ServerConfig = { ...configFromEnv(), ...options.config }
  const db = await openDatabase(config, options)
  const seeded = options.prepared === true ? [] : await prepareDatabase(config, db)
  const tokens = accessTokens(await jwtSecret(config, db, options.inMemory === true))
  await pruneHits(db)
  const pruning = setInterval(() => void pruneHits(db).catch(() => undefined), 60 * 60 * 1000)
  pruning.unref()

  const scope = Effect.runSync(Scope.make())
  let listeningPort = config.port
  const delivery =
    config.smtpUrl === null
      ? null
      : smtpDelivery(db, { url: config.smtpUrl, from: () => config.mailFrom ?? `Fasl <no-reply@${new URL(runtime.publicUrl).hostname}>` }, config.mailDelivery)
  const runtime: Runtime = {
    config,
    db,
    tokens,
    mailer: outboxMailer(db, delivery),
    // Known only once listening (port 0 picks one).
    get publicUrl() {
      return config.publicUrl ?? `http://localhost:${listeningPort}`
    },
  }
  const runtimeLayer = Layer.succeed(ServerRuntime, runtime)
  const apiLayer = HttpApiBuilder.layer(FaslApi, { openapiPath: '/api/openapi.json' }).pipe(
    Layer.provide([SystemHandlers, AuthHandlers, AutoLoginLinkHandlers, AccountHandlers, AdminHandlers, SchoolHandlers]),
    Layer.provide(AuthenticationLive),
    Layer.provide(runtimeLayer),
  )
  const routes = Layer.mergeAll(apiLayer, HttpApiScalar.layer(FaslApi, { path: '/api/docs' }))
  const filesRoot = config.filesDir

  const program = Effect.gen(function* () {
    const api = yield* HttpRouter.toHttpEffect(routes)
    const client = clientFilesHandler(options.distDir ?? join(process.cwd(), 'dist'))
    const files = yield* HttpStaticServer.make({ root: filesRoot })
    const server = yield* HttpServer.HttpServer
    const port = 'port' in server.address ? server.address.port : config.port
    listeningPort = port
    const unmatched = (request: HttpServerRequest.HttpServerRequest) => {
      const path = request.url.split('?')[0] ?? '/'
      if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/files/'))
        return files.pipe(
          Effect.provideService(HttpServerRequest.HttpServerRequest, request.modify({ url: request.url.slice('/files'.length) })),
          Effect.catchCause(() => Effect.succeed(notFoundEnvelope(localeFromAcceptLanguage(request.headers['accept-language'])))),
        )
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) return Effect.succeed(client(request))
      return Effect.succeed(notFoundEnvelope(localeFromAcceptLanguage(request.headers['accept-language'])))
    }
    const app = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const response = yield* withIdempotency(db, tokens, api).pipe(Effect.catchCause((cause) => answerFailures(cause, () => unmatched(request))))
      return request.url.startsWith('/meta.json') ? noStore(response) : response
    })
    yield* HttpServer.serveEffect()(app)
    return port
  })

  const serverLayer = NodeHttpServer.layer(createServer, { port: config.port, host: process.env.FASL_HOST ?? '0.0.0.0' })
  // The router's requirement type widens to `any`; every service it needs is provided right here.
  // The Node server lives in `scope` (not the effect's own), so it keeps listening until close().
  const serverContext = await Effect.runPromise(Layer.buildWithScope(serverLayer, scope))
  const runnable = program.pipe(Effect.provideContext(serverContext), Scope.provide(scope)) as Effect.Effect<number, unknown>
  const port = await Effect.runPromise(runnable)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    config,
    seeded,
    close: async () => {
      clearInterval(pruning)
      delivery?.stop()
      await Effect.runPromise(Scope.close(scope, Exit.void))
      await db.close()
    },
  }
}
