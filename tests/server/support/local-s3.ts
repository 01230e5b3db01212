import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error s3rver ships no types; it is used here only to start and stop a local server.
import S3rver from 's3rver'
import type { S3Settings } from '../../../server/services/s3-file-store.ts'

export interface LocalS3 {
  readonly settings: S3Settings
  /** The bucket's folder on disk, where s3rver keeps the objects. */
  readonly directory: string
  readonly close: () => Promise<void>
}

/**
 * A local S3-compatible server (s3rver: the S3 REST API over a folder; it checks the access key id,
 * not the SigV4 signature itself)
 * on a free port, with one empty bucket, for tests of the S3 file store.
 */
export const startLocalS3 = async (bucket = 'fasl-test'): Promise<LocalS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'fasl-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = (await server.run()) as { port: number }
  return {
    // s3rver's fixed credentials; an unknown key id is refused.
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    directory,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
