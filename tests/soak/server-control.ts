import { spawn, type ChildProcess } from 'node:child_process'
import { freePort, untilHealthy } from '../support/server-process.ts'

export interface ServerControl {
  readonly url: string
  readonly port: number
  readonly start: () => Promise<void>
  /** SIGKILL: no shutdown, no flush; whatever transaction is open dies with the process. */
  readonly kill: () => void
  /** SIGTERM and wait (the clean stop, used between setup steps and at the end). */
  readonly stop: () => Promise<void>
  readonly output: () => string
}

/**
 * `server/main.ts` as `npm start` runs it (tests/support/server-process.ts), but restartable on the
 * same port, data and signing key, so tokens and the database outlive a SIGKILL. One worker process,
 * so the signal reaches the process that holds the transactions.
 */
export const serverControl = async (env: Record<string, string>): Promise<ServerControl> => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  let log = ''
  const { DATABASE_URL: _shell, ...inherited } = process.env
  const exited = (process: ChildProcess) =>
    new Promise((resolve) => (process.exitCode !== null || process.signalCode !== null ? resolve(null) : process.once('exit', resolve)))

  const start = async () => {
    const current = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { ...inherited, PORT: String(port), FASL_HOST: '127.0.0.1', FASL_PUBLIC_URL: url, FASL_WORKERS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = current
    current.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)))
    current.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)))
    await untilHealthy(url, current, () => log)
  }
  return {
    url,
    port,
    start,
    kill: () => void child?.kill('SIGKILL'),
    stop: async () => {
      const current = child
      if (current === null || current.exitCode !== null || current.signalCode !== null) return
      current.kill('SIGTERM')
      await Promise.race([exited(current), new Promise((r) => setTimeout(r, 10_000))])
      if (current.exitCode === null && current.signalCode === null) current.kill('SIGKILL')
      await exited(current)
    },
    output: () => log,
  }
}
