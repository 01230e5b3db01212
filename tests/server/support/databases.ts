import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { webClient } from '../../../contracts/settings.ts'
import type { ServerConfig } from '../../../server/config.ts'
import { startServer, type StartedServer, type StartOptions } from '../../../server/app.ts'
import { seededTemplate } from './pglite-template.ts'

/**
 * The databases every server test runs on: embedded PGlite always, and the PostgreSQL at
 * DATABASE_URL when it is set (each test server in a schema of its own, dropped afterwards).
 */
export interface TestDatabase {
  readonly name: 'pglite' | 'postgres'
  /** `services`: a clock, a file store or a statement listener for the test to swap in. */
  readonly start: (config?: Partial<ServerConfig>, services?: TestServices) => Promise<StartedServer>
}

/**
 * `composition`: a server made of other features than Fasl's (tests/server/example-feature.test.ts);
 * `distDir`: the built client it serves (a browser test's own build: tests/e2e/example-feature.test.ts).
 */
export type TestServices = Pick<StartOptions, 'clock' | 'fileStore' | 'onStatement' | 'composition' | 'distDir'>

const generous = { signInPerAddress: 10_000, signInPerAccount: 10_000, resetPerAccount: 3, resetPerAddress: 10_000, resetLinkTtlMinutes: 30 }

const baseConfig = (config: Partial<ServerConfig>): Partial<ServerConfig> => ({
  port: 0,
  seed: 'demo',
  publicUrl: 'http://fasl.test',
  smtpUrl: null,
  jwtSecret: 'test-secret-test-secret-test-secret',
  clientId: webClient.clientId,
  clientSecret: webClient.clientSecret,
  ...config,
  limits: { ...generous, ...config.limits },
})

const pglite: TestDatabase = {
  name: 'pglite',
  // Each file starts from the seeded template (see pglite-template.ts), not from an empty cluster;
  // another composition than Fasl's migrates and seeds its own.
  start: async (config = {}, services = {}) =>
    startServer({
      ...services,
      inMemory: true,
      pgliteTemplate: services.composition === undefined ? await seededTemplate() : undefined,
      config: { ...baseConfig(config), databaseUrl: null },
    }),
}

const onPostgres = (databaseUrl: string): TestDatabase => ({
  name: 'postgres',
  start: async (config = {}, services = {}) => {
    const schema = `fasl_test_${randomBytes(6).toString('hex')}`
    const server = await startServer({ ...services, schema, config: { ...baseConfig(config), databaseUrl } })
    return {
      ...server,
      close: async () => {
        await server.close()
        const admin = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
        await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
        await admin.end()
      },
    }
  },
})

export const testDatabases: ReadonlyArray<TestDatabase> = [pglite, ...(process.env.DATABASE_URL ? [onPostgres(process.env.DATABASE_URL)] : [])]
