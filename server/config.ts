import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { passwordResetDefaults, signInLimits, webClient } from '../contracts/settings.ts'
import { defaultDeliverySchedule, type DeliverySchedule } from './mail/delivery.ts'

/** Everything the server reads from its environment, with the defaults the README documents. */
export interface ServerConfig {
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | null
  readonly redisUrl: string | null
  readonly filesDir: string
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
  readonly limits: {
    readonly signInPerAddress: number
    readonly signInPerAccount: number
    readonly resetPerAccount: number
    readonly resetPerAddress: number
    readonly resetLinkTtlMinutes: number
  }
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim())
const count = (value: string | undefined, fallback: number) => {
  const parsed = Number(value)
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback
}

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const dataDir = resolve(text(env.FASL_DATA_DIR) ?? './data')
  const seed = text(env.FASL_SEED)
  return {
    port: count(env.PORT, 8080),
    dataDir,
    databaseUrl: text(env.DATABASE_URL),
    redisUrl: text(env.REDIS_URL),
    filesDir: resolve(text(env.FASL_FILES_DIR) ?? join(dataDir, 'files')),
    publicUrl: text(env.FASL_PUBLIC_URL),
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.FASL_MAIL_FROM),
    mailDelivery: defaultDeliverySchedule,
    clientId: text(env.FASL_CLIENT_ID) ?? webClient.clientId,
    clientSecret: text(env.FASL_CLIENT_SECRET) ?? webClient.clientSecret,
    jwtSecret: text(env.FASL_JWT_SECRET),
    version: text(env.FASL_VERSION) ?? packageVersion(),
    seed: seed === 'demo' || seed === 'none' ? seed : 'auto',
    limits: {
      signInPerAddress: count(env.FASL_SIGNIN_LIMIT_PER_ADDRESS, signInLimits.perAddress),
      signInPerAccount: count(env.FASL_SIGNIN_LIMIT_PER_ACCOUNT, signInLimits.perAccount),
      resetPerAccount: count(env.FASL_RESET_LIMIT_PER_ACCOUNT, passwordResetDefaults.perAccountPerHour),
      resetPerAddress: count(env.FASL_RESET_LIMIT_PER_ADDRESS, passwordResetDefaults.perAddressPerHour),
      resetLinkTtlMinutes: count(env.FASL_RESET_LINK_TTL_MINUTES, passwordResetDefaults.linkTtlMinutes),
    },
  }
}
