import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { createScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcess, type RunningServer } from '../support/server-process.ts'
import { measureReads, type ReadsResult } from './measure-reads.ts'
import { seedSchoolPglite, seedSchoolPostgres } from './school-seed.ts'
import { prepareSchoolWork } from './school-work.ts'

/**
 * The read bench: a school's morning of reads (school-work.ts) from 1,000 signed-in accounts at 50
 * connections, against the bare node:http ceiling in turns (measure-reads.ts), on PGlite and on
 * PostgreSQL, each on a school of its own seeded for the run. Targets: on PostgreSQL ≥ 1/4 of the
 * ceiling with p99 ≤ 15 ms, on PGlite ≥ 1/15.
 */
export const readTargets = { postgresShare: 1 / 4, postgresP99Ms: 15, pgliteShare: 1 / 15 } as const

const connections = 50
const rounds = 5

/** The machine's ceiling: bare-http.ts in a process of its own, as the server is. */
export const startBareHttp = async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-http.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve) => child.stdout.on('data', (d: Buffer) => resolve(Number(/listening (\d+)/.exec(d.toString())?.[1]))))
  return { url: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') }
}

/** The PostgreSQL server to make a scratch database on: DATABASE_URL's, else one answering on 127.0.0.1:5432, else none. */
export const postgresServer = async (): Promise<string | null> => {
  if (process.env.DATABASE_URL !== undefined) return process.env.DATABASE_URL
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect(5432, '127.0.0.1', () => (socket.end(), resolve(true)))
    socket.on('error', () => resolve(false))
  })
  return reachable ? 'postgres://postgres@127.0.0.1:5432/postgres' : null
}

const formatted = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US')

/** `reads: PostgreSQL 5,100 req/s = 0.27 of ceiling 18,900 req/s, p99 12 ms` */
const readsLine = (engine: string, result: ReadsResult) =>
  `reads: ${engine} ${formatted(result.requestsPerSecond)} req/s = ${result.share.toFixed(2)} of ceiling ${formatted(result.ceilingPerSecond)} req/s, p99 ${Math.round(result.p99Ms)} ms`

const detailLine = (engine: string, result: ReadsResult, ok: boolean, target: string) =>
  `  ${ok ? '✓' : '✗'} ${engine}: rounds' shares ${result.shares.map((share) => share.toFixed(3)).join(' ')}, p50 ${result.p50Ms.toFixed(1)} ms; ${result.errors} errors, ${result.non2xx} non-2xx  (target ${target})`

const aloneLine = (result: ReadsResult) =>
  `      each alone: ${result.alone.map((kind) => `${kind.name} ${formatted(kind.requestsPerSecond)} req/s (p50 ${kind.p50Ms.toFixed(0)} ms)`).join(', ')}`

/** Progress on stderr: seeding and signing 1,000 accounts in takes minutes on a busy machine. */
export const progress = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`)

const measureOn = async (engine: string, server: RunningServer, ceilingUrl: string, seconds: number, afterSetUp: () => Promise<void> = async () => {}) => {
  const school = await prepareSchoolWork(server.url, (message) => progress(`${engine}: ${message}`))
  await afterSetUp()
  progress(`${engine}: measuring`)
  return measureReads(server.url, ceilingUrl, school, { connections, seconds, rounds })
}

/** The section's lines: the two `reads:` lines, then each one's rounds and target. */
export const schoolReadLines = async (serverEnv: Record<string, string>, seconds: number): Promise<string[]> => {
  const roundSeconds = Math.max(1, Math.round(seconds / 2))
  const ceiling = await startBareHttp()
  const details: string[] = []
  const readLines: string[] = []
  try {
    const base = await postgresServer()
    if (base === null) {
      readLines.push('reads: PostgreSQL skipped: no DATABASE_URL and nothing on 127.0.0.1:5432')
    } else {
      const scratch = await createScratchDatabase(base, 'fasl_bench')
      try {
        progress('PostgreSQL: seeding the school')
        await seedSchoolPostgres(scratch.url)
        const server = await startServerProcess({ ...serverEnv, DATABASE_URL: scratch.url, FASL_SEED: 'none' })
        try {
          // A school's PostgreSQL keeps its statistics with autovacuum; this machine's runs with it off,
          // so the freshly written school is analysed once, as autovacuum would have, before timing.
          const analyse = async () => {
            const sql = postgres(scratch.url, { max: 1, onnotice: () => undefined })
            await sql.unsafe('ANALYZE').finally(() => sql.end())
          }
          const result = await measureOn('PostgreSQL', server, ceiling.url, roundSeconds, analyse)
          readLines.push(readsLine('PostgreSQL', result))
          const ok = result.share >= readTargets.postgresShare && result.p99Ms <= readTargets.postgresP99Ms
          details.push(detailLine('PostgreSQL', result, ok, `≥ 1/4 = 0.25 of the ceiling, p99 ≤ ${readTargets.postgresP99Ms} ms`), aloneLine(result))
        } finally {
          await server.stop()
        }
      } finally {
        await scratch.drop()
      }
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'fasl-bench-reads-'))
    try {
      progress('PGlite: seeding the school')
      await seedSchoolPglite(dataDir)
      const server = await startServerProcess({ ...serverEnv, FASL_DATA_DIR: dataDir })
      try {
        const result = await measureOn('PGlite', server, ceiling.url, roundSeconds)
        readLines.push(readsLine('PGlite', result))
        details.push(
          detailLine('PGlite', result, result.share >= readTargets.pgliteShare, `≥ 1/15 = ${readTargets.pgliteShare.toFixed(3)} of the ceiling`),
          aloneLine(result),
        )
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  } finally {
    ceiling.stop()
  }
  return [
    `a school's morning of reads: 1,000 signed-in accounts, 6 reads in turn, ${connections} connections, ${rounds} rounds of ${roundSeconds} s taking turns with the bare node:http ceiling:`,
    ...readLines,
    ...details,
  ]
}
