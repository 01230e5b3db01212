import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RunningServer {
  readonly url: string
  readonly dataDir: string
  /** The process `npm start` would be: with several workers, their primary. */
  readonly pid: number
  readonly output: () => string
  readonly stop: () => Promise<void>
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

/** Waits until the server process answers /api/health; fails with its output if it exits or takes two minutes. */
export const untilHealthy = async (url: string, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`)
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /api/health in time:\n${output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface StartProcessOptions {
  /**
   * Start from the migrated, seeded embedded database the server tests share (its data folder
   * unpacked from the PGlite template), instead of migrating and seeding (hashing every demo
   * password) at start: what every browser test file needs, for a few seconds instead of twenty.
   */
  readonly seededTemplate?: string
}

/** The seeded template (a PGlite data-folder dump) unpacked where a server with FASL_DATA_DIR=`dataDir` keeps its embedded database. */
export const unpackSeededTemplate = (template: string, dataDir: string) => {
  mkdirSync(join(dataDir, 'db'))
  execFileSync('tar', ['-xzf', template, '-C', join(dataDir, 'db')], { stdio: 'ignore' })
}

/**
 * Starts `server/main.ts` exactly as `npm start` does (after the build), in its own process,
 * on a fresh embedded database in a temporary folder, and waits until /api/health answers.
 */
export const startServerProcess = async (env: Record<string, string> = {}, options: StartProcessOptions = {}): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'fasl-e2e-'))
  if (options.seededTemplate !== undefined) unpackSeededTemplate(options.seededTemplate, dataDir)
  const url = `http://127.0.0.1:${port}`
  let log = ''
  // The browser tests run on the embedded database, whatever the shell has in DATABASE_URL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...inherited, PORT: String(port), FASL_DATA_DIR: dataDir, FASL_PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await untilHealthy(url, child, () => log)
  return {
    url,
    dataDir,
    pid: child.pid ?? -1,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
