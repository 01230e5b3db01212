import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { Config, ConfigProvider, Effect, Option, Schema } from 'effect'
import { passwordResetDefaults, requestLimits, signInLimits, webClient } from '../contracts/settings.ts'
import { defaultDeliverySchedule, type DeliverySchedule } from './mail/delivery.ts'
import type { S3Settings } from './services/s3-file-store.ts'

/** Everything the server reads from its environment, with the defaults the README documents. */
export interface ServerConfig {
  readonly port: number
  /** The address to listen on (FASL_HOST). */
  readonly host: string
  readonly dataDir: string
  readonly databaseUrl: string | null
  readonly redisUrl: string | null
  readonly filesDir: string
  /** An S3-compatible store for uploaded files instead of `filesDir` (all of S3_ENDPOINT, S3_BUCKET and the keys set). */
  readonly s3: S3Settings | null
  readonly publicUrl: string | null
  readonly smtpUrl: string | null
  /** The From address of mail; null = `Fasl <no-reply@host of the public URL>`. */
  readonly mailFrom: string | null
  /** Retries of mail the SMTP server could not take yet. */
  readonly mailDelivery: DeliverySchedule
  readonly clientId: string
  readonly clientSecret: string
  readonly jwtSecret: string | null
  readonly version: string
  readonly seed: 'demo' | 'none' | 'auto'
  /** Server processes sharing the port (PostgreSQL only; the embedded database is one process's). */
  readonly workers: number
  readonly dbPool: number
  readonly dbTxPool: number
  /** The largest request body taken by a call that declares no limit of its own (JSON bodies). */
  readonly maxBodyBytes: number
  /** How often the housekeeping runs: old rate-limit hits and idempotency keys, outbox retention. */
  readonly pruneIntervalSeconds: number
  /** An Idempotency-Key claimed this long ago with no answer belongs to a process that died: it is taken over. */
  readonly idempotencyAbandonedSeconds: number
  readonly limits: {
    readonly signInPerAddress: number
    readonly signInPerAccount: number
    readonly resetPerAccount: number
    readonly resetPerAddress: number
    readonly resetLinkTtlMinutes: number
  }
}

const packageVersion = (): string => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

/** A text setting: absent or blank reads as null. */
const text = (name: string) =>
  Config.String(name).pipe(
    Config.option,
    Config.map((value) =>
      Option.getOrNull(
        Option.filter(
          Option.map(value, (v) => v.trim()),
          (v) => v !== '',
        ),
      ),
    ),
  )
/** A whole number ≥ 0; anything else is a configuration error reported at start. */
const count = (name: string, fallback: number) => Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), name).pipe(Config.withDefault(fallback))

/** The server's settings as one Effect `Config`, read from any ConfigProvider (the environment by default). */
export const serverConfig: Config.Config<ServerConfig> = Config.all({
  port: count('PORT', 8080),
  host: text('FASL_HOST'),
  dataDir: text('FASL_DATA_DIR'),
  databaseUrl: text('DATABASE_URL'),
  redisUrl: text('REDIS_URL'),
  filesDir: text('FASL_FILES_DIR'),
  s3Endpoint: text('S3_ENDPOINT'),
  s3Bucket: text('S3_BUCKET'),
  s3Region: text('S3_REGION'),
  s3AccessKeyId: text('S3_ACCESS_KEY_ID'),
  s3SecretAccessKey: text('S3_SECRET_ACCESS_KEY'),
  s3ForcePathStyle: Config.Boolean('S3_FORCE_PATH_STYLE').pipe(Config.withDefault(true)),
  publicUrl: text('FASL_PUBLIC_URL'),
  smtpUrl: text('SMTP_URL'),
  mailFrom: text('FASL_MAIL_FROM'),
  clientId: text('FASL_CLIENT_ID'),
  clientSecret: text('FASL_CLIENT_SECRET'),
  jwtSecret: text('FASL_JWT_SECRET'),
  version: text('FASL_VERSION'),
  seed: text('FASL_SEED'),
  workers: Config.Int('FASL_WORKERS').pipe(Config.option),
  dbPool: count('FASL_DB_POOL', 1),
  dbTxPool: count('FASL_DB_TX_POOL', 8),
  maxBodyBytes: count('FASL_MAX_BODY_BYTES', requestLimits.maxBodyBytes),
  pruneIntervalSeconds: count('FASL_PRUNE_INTERVAL_SECONDS', 3600),
  idempotencyAbandonedSeconds: count('FASL_IDEMPOTENCY_ABANDONED_SECONDS', 60),
  signInPerAddress: count('FASL_SIGNIN_LIMIT_PER_ADDRESS', signInLimits.perAddress),
  signInPerAccount: count('FASL_SIGNIN_LIMIT_PER_ACCOUNT', signInLimits.perAccount),
  resetPerAccount: count('FASL_RESET_LIMIT_PER_ACCOUNT', passwordResetDefaults.perAccountPerHour),
  resetPerAddress: count('FASL_RESET_LIMIT_PER_ADDRESS', passwordResetDefaults.perAddressPerHour),
  resetLinkTtlMinutes: count('FASL_RESET_LINK_TTL_MINUTES', passwordResetDefaults.linkTtlMinutes),
}).pipe(
  Config.map((read): ServerConfig => {
    const dataDir = resolve(read.dataDir ?? './data')
    return {
      port: read.port,
      host: read.host ?? '0.0.0.0',
      dataDir,
      databaseUrl: read.databaseUrl,
      redisUrl: read.redisUrl,
      filesDir: resolve(read.filesDir ?? join(dataDir, 'files')),
      s3: s3SettingsOf(read),
      publicUrl: read.publicUrl,
      smtpUrl: read.smtpUrl,
      mailFrom: read.mailFrom,
      mailDelivery: defaultDeliverySchedule,
      clientId: read.clientId ?? webClient.clientId,
      clientSecret: read.clientSecret ?? webClient.clientSecret,
      jwtSecret: read.jwtSecret,
      version: read.version ?? packageVersion(),
      seed: read.seed === 'demo' || read.seed === 'none' ? read.seed : 'auto',
      // One worker per core but one, leaving a core to PostgreSQL; the embedded database allows one.
      workers:
        read.databaseUrl === null
          ? 1
          : Math.max(
              1,
              Option.getOrElse(read.workers, () => availableParallelism() - 1),
            ),
      dbPool: Math.max(1, read.dbPool),
      dbTxPool: Math.max(1, read.dbTxPool),
      maxBodyBytes: read.maxBodyBytes,
      pruneIntervalSeconds: Math.max(1, read.pruneIntervalSeconds),
      idempotencyAbandonedSeconds: Math.max(1, read.idempotencyAbandonedSeconds),
      limits: {
        signInPerAddress: read.signInPerAddress,
        signInPerAccount: read.signInPerAccount,
        resetPerAccount: read.resetPerAccount,
        resetPerAddress: read.resetPerAddress,
        resetLinkTtlMinutes: read.resetLinkTtlMinutes,
      },
    }
  }),
)

/**
 * The S3 settings, or null when none is set. Setting some but not all is a mistake reported at
 * start with the missing names, rather than files quietly landing on the local disk.
 */
function s3SettingsOf(read: {
  s3Endpoint: string | null
  s3Bucket: string | null
  s3Region: string | null
  s3AccessKeyId: string | null
  s3SecretAccessKey: string | null
  s3ForcePathStyle: boolean
}): S3Settings | null {
  const required = {
    S3_ENDPOINT: read.s3Endpoint,
    S3_BUCKET: read.s3Bucket,
    S3_ACCESS_KEY_ID: read.s3AccessKeyId,
    S3_SECRET_ACCESS_KEY: read.s3SecretAccessKey,
  }
  const missing = Object.entries(required)
    .filter(([, value]) => value === null)
    .map(([name]) => name)
  if (missing.length === Object.keys(required).length && read.s3Region === null) return null
  if (missing.length > 0) throw new Error(`S3 storage needs ${missing.join(', ')} as well (or none of the S3_ settings, to keep files on disk)`)
  if (!URL.canParse(read.s3Endpoint!)) throw new Error(`S3_ENDPOINT is not an address: ${read.s3Endpoint}`)
  return {
    endpoint: read.s3Endpoint!,
    bucket: read.s3Bucket!,
    region: read.s3Region ?? 'us-east-1',
    accessKeyId: read.s3AccessKeyId!,
    secretAccessKey: read.s3SecretAccessKey!,
    forcePathStyle: read.s3ForcePathStyle,
  }
}

/** The settings from `env` (the process environment by default); throws on a malformed value. */
export const configFromEnv = (env: Record<string, string | undefined> = process.env): ServerConfig =>
  Effect.runSync(serverConfig.parse(ConfigProvider.fromEnvRecord(env)))
