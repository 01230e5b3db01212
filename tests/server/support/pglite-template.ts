import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const gzip = 'application/x-gzip'

/** Each feature's part of the demo school: plugins/<id>/server/demo-*.ts. */
const featureDemoFiles = () =>
  readdirSync(join(root, 'plugins'))
    .sort()
    .flatMap((id) => {
      const dir = join('plugins', id, 'server')
      if (!existsSync(join(root, dir))) return []
      return readdirSync(join(root, dir))
        .filter((name) => name.startsWith('demo-'))
        .sort()
        .map((name) => join(dir, name))
    })

/**
 * The core's migrations and every feature's (plugins/<id>/server/migrations/), found on disk: the
 * browser tests read the template's path without loading the server's code (seconds a file), which
 * only building it needs. A feature not in server/features.ts adds its files to the fingerprint
 * without harm.
 */
const migrationFolders = () => [
  'server/migrations',
  ...readdirSync(join(root, 'plugins'))
    .sort()
    .map((id) => join('plugins', id, 'server', 'migrations'))
    .filter((dir) => existsSync(join(root, dir))),
]

/** Everything the template's contents follow from: a change to any of them makes a new one. */
const sources = () => [
  ...migrationFolders().flatMap((dir) =>
    readdirSync(join(root, dir))
      .sort()
      .map((name) => join(dir, name)),
  ),
  'server/db/migrate.ts',
  'server/seed/demo.ts',
  // The features seeded, in order, and each one's part.
  'server/features.ts',
  ...featureDemoFiles(),
  'node_modules/@electric-sql/pglite/package.json',
]

const fingerprint = () => {
  const hash = createHash('sha256')
  // The seed's semesters follow today's date, so a template is good for the day it was made.
  hash.update(new Date().toISOString().slice(0, 10))
  for (const file of sources()) hash.update(file).update(readFileSync(join(root, file)))
  return hash.digest('hex').slice(0, 16)
}

let built: Promise<string> | undefined

/**
 * A migrated embedded database with the demo school seeded, as a PGlite data-folder dump (a tar.gz)
 * that each server test file starts from, and whose unpacked folder each browser test's server
 * process starts on: creating a PGlite cluster, migrating it and hashing the demo passwords cost
 * seconds per file; loading the dump costs about one. Built once and kept in the system's temporary
 * folder under a fingerprint of the migrations and the seed, so it is rebuilt when they change and
 * shared by every run (and worktree) until then. Answers the dump's path.
 */
export const seededTemplateFile = (): Promise<string> =>
  (built ??= (async () => {
    const folder = join(tmpdir(), 'fasl-test-templates')
    const file = join(folder, `pglite-demo-${fingerprint()}.tar.gz`)
    if (existsSync(file)) return file
    const [{ prepareDatabase }, { configFromEnv }, { openPglite }] = await Promise.all([
      import('../../../server/app.ts'),
      import('../../../server/config.ts'),
      import('../../../server/db/db.ts'),
    ])
    const db = await openPglite(null)
    try {
      await prepareDatabase({ ...configFromEnv({}), seed: 'demo' }, db)
      const dump = await db.dumpDataDir()
      mkdirSync(folder, { recursive: true })
      // Written aside and renamed, so a concurrent run never reads half a file.
      const partial = `${file}.${process.pid}.partial`
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
      renameSync(partial, file)
      return file
    } finally {
      await db.close()
    }
  })())

/** The same dump as a Blob, for `startServer({ pgliteTemplate })`. */
export const seededTemplate = async (): Promise<Blob> => new Blob([readFileSync(await seededTemplateFile())], { type: gzip })
