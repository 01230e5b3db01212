import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcess, type RunningServer } from '../support/server-process.ts'
import { accounts, call, signedIn, type LoginData } from './support/http.ts'

/**
 * `npm start` on PostgreSQL runs several worker processes on one port (server/main.ts). Everything
 * a request relies on — the signing key, refresh-token families, rate-limit counters — must live in
 * the database, or a teacher's next request, landing on another worker, would see a different
 * server. These tests start the real command with two workers on a database of their own.
 */
const databaseUrl = process.env.DATABASE_URL
const classRooms = '/school/api/ClassRooms/GetTeacherClassRooms'

/**
 * The worker processes under the primary, as the operating system lists them. Only node processes:
 * with a cold transform cache, tsx also starts an esbuild service process under the primary.
 */
const workersOf = (primary: number): number[] => {
  try {
    return execFileSync('ps', ['--ppid', String(primary), '-o', 'pid=,comm='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, command]) => Number(pid) > 0 && command === 'node')
      .map(([pid]) => Number(pid))
  } catch {
    return [] // ps exits 1 when there are none
  }
}

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 60_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe.skipIf(databaseUrl === undefined)('npm start with two workers on PostgreSQL', () => {
  let database: ScratchDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createScratchDatabase(databaseUrl ?? '', 'fasl_cluster')
    server = await startServerProcess({ DATABASE_URL: database.url, FASL_WORKERS: '2', FASL_SEED: 'demo' })
    await until(() => server.output().includes('worker processes'), 'both workers to be ready')
  })

  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  it('migrates and seeds once, then serves from two processes', async () => {
    // Output reaches the pipe in pieces: the account list may follow the first line a little later.
    await until(() => server.output().includes('teacher@fasl.school'), 'the list of seeded accounts')
    expect(server.output()).toContain('2 worker processes')
    expect(server.output().split('teacher@fasl.school').length - 1, server.output()).toBe(1)
    expect(workersOf(server.pid), server.output()).toHaveLength(2)
  })

  it('accepts a token on every worker and revokes a reused refresh token everywhere', async () => {
    const session = await signedIn(server.url, accounts.teacher)
    // New connections each time, so the primary hands them to the workers in turn.
    const lists = await Promise.all(
      Array.from({ length: 12 }, () => call(server.url, 'GET', classRooms, undefined, { token: session.accessToken, headers: { connection: 'close' } })),
    )
    expect(lists.map((answer) => answer.status)).toEqual(Array(12).fill(200))

    const refresh = (refreshToken: string) =>
      call<LoginData>(server.url, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...webClient }, { headers: { connection: 'close' } })
    const rotated = await refresh(session.refreshToken)
    expect(rotated.body.responseCode).toBe(200)
    expect((await refresh(session.refreshToken)).body.responseCode).toBe(109)
    expect((await refresh(rotated.body.responseData.refreshToken)).body.responseCode).toBe(109)
  })

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = workersOf(server.pid)
    process.kill(victim!, 'SIGKILL')
    // Until the primary learns of the death, it may still hand it a connection (Node's cluster
    // does); from then on the survivor takes every request while the replacement starts.
    await until(() => server.output().includes(`worker ${victim} stopped`), 'the primary to notice')
    const during = await Promise.all(Array.from({ length: 4 }, () => call(server.url, 'GET', '/api/health', undefined, { headers: { connection: 'close' } })))
    expect(during.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    await until(() => {
      const now = workersOf(server.pid)
      return now.length === 2 && !now.includes(victim!) && now.includes(survivor!)
    }, 'a new worker')
    const session = await signedIn(server.url, accounts.teacher)
    expect((await call(server.url, 'GET', classRooms, undefined, { token: session.accessToken })).status).toBe(200)
  })

  it('stops every worker on SIGTERM', async () => {
    const workers = workersOf(server.pid)
    await server.stop()
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    }
    await until(() => !workers.some(alive), 'the workers to stop')
  })
})
