import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../../server/config.ts'

describe('settings are read once, with Effect Config, from the environment', () => {
  it('reads the listening address, the PostgreSQL pools and the worker count with their defaults', () => {
    expect(configFromEnv({})).toMatchObject({ host: '0.0.0.0', dbPool: 1, dbTxPool: 8, workers: 1, port: 8080, seed: 'auto' })
    expect(
      configFromEnv({ FASL_HOST: '127.0.0.1', FASL_DB_POOL: '3', FASL_DB_TX_POOL: '4', FASL_WORKERS: '2', DATABASE_URL: 'postgres://db/x' }),
    ).toMatchObject({
      host: '127.0.0.1',
      dbPool: 3,
      dbTxPool: 4,
      workers: 2,
      databaseUrl: 'postgres://db/x',
    })
  })

  it('the embedded database always runs one worker; blank values read as unset', () => {
    expect(configFromEnv({ FASL_WORKERS: '4' }).workers).toBe(1)
    expect(configFromEnv({ SMTP_URL: '  ', FASL_PUBLIC_URL: '' })).toMatchObject({ smtpUrl: null, publicUrl: null })
  })

  it('reads how often the housekeeping runs (outbox retention among it): hourly unless FASL_PRUNE_INTERVAL_SECONDS says otherwise', () => {
    expect(configFromEnv({}).pruneIntervalSeconds).toBe(3600)
    expect(configFromEnv({ FASL_PRUNE_INTERVAL_SECONDS: '300' }).pruneIntervalSeconds).toBe(300)
    expect(() => configFromEnv({ FASL_PRUNE_INTERVAL_SECONDS: 'often' })).toThrow(/FASL_PRUNE_INTERVAL_SECONDS/)
  })

  it('takes over an Idempotency-Key claim left unanswered after a minute unless FASL_IDEMPOTENCY_ABANDONED_SECONDS says otherwise', () => {
    expect(configFromEnv({}).idempotencyAbandonedSeconds).toBe(60)
    expect(configFromEnv({ FASL_IDEMPOTENCY_ABANDONED_SECONDS: '15' }).idempotencyAbandonedSeconds).toBe(15)
  })

  it('a malformed number stops the start with the name of the setting, instead of falling back silently', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => configFromEnv({ FASL_SIGNIN_LIMIT_PER_ADDRESS: '-5' })).toThrow(/FASL_SIGNIN_LIMIT_PER_ADDRESS/)
  })

  it('keeps files on disk unless the S3_ settings are given, and names the missing ones when only some are', () => {
    expect(configFromEnv({}).s3).toBeNull()
    const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'fasl', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(configFromEnv(s3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'fasl',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(configFromEnv({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    })
    expect(() => configFromEnv({ S3_BUCKET: 'fasl', S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/)
    expect(() => configFromEnv({ ...s3, S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/)
  })
})
