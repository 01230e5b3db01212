import 'fake-indexeddb/auto'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import postgres from 'postgres'
import type { UserInfo } from '../../contracts/entities.ts'
import { idempotencyKeyHeader, webClient } from '../../contracts/settings.ts'
import { setAuthBridge } from '../../src/api/bridge.ts'
import { seededTemplateFile } from '../server/support/pglite-template.ts'
import { createScratchDatabase } from '../support/scratch-database.ts'
import { unpackSeededTemplate } from '../support/server-process.ts'
import { type Fault, startFaultProxy } from './fault-proxy.ts'
import { serverControl } from './server-control.ts'
import { deviceNetwork } from './device-network.ts'
import { SoakClient } from './soak-client.ts'

export interface SoakOptions {
  readonly commands: number
  readonly clients: number
  /** How long a client is taken offline. */
  readonly offlineMs: number
  readonly offlineEpisodes: number
  readonly reloads: number
  readonly kills: number
  /** PostgreSQL base URL (a scratch database is made on it) or null for the embedded database. */
  readonly databaseUrl: string | null
  /** The client's network time-out; the proxy holds "delayed" answers longer. */
  readonly clientTimeoutMs: number
  readonly log: (line: string) => void
  /** Hard bounds: sending, then settling after the faults stop. */
  readonly sendBudgetMs: number
  readonly settleBudgetMs: number
  /**
   * The server's FASL_IDEMPOTENCY_ABANDONED_SECONDS: how soon a claim the killed process left is
   * taken over (the server's default, a minute, when absent). Shorter runs shorten it, with room to
   * spare over the longest a request is ever held (the proxy's delays, a loaded machine).
   */
  readonly abandonedClaimSeconds?: number
}

export interface SoakResult {
  readonly commands: number
  readonly faults: number
  readonly lost: number
  readonly duplicated: number
  readonly faultCounts: Readonly<Record<string, number>>
  readonly problems: ReadonlyArray<string>
  readonly line: string
  readonly seconds: number
}

interface Db {
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>
  close: () => Promise<void>
}

const openDb = async (target: { dataDir: string } | { url: string }): Promise<Db> => {
  if ('dataDir' in target) {
    const lite = new PGlite({ dataDir: join(target.dataDir, 'db') })
    return { query: async <T>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows, close: () => lite.close() }
  }
  const sql = postgres(target.url, { max: 1, onnotice: () => undefined })
  return { query: async <T>(text: string, params: unknown[] = []) => (await sql.unsafe(text, params as never[])) as unknown as T[], close: () => sql.end() }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const teacherPassword = 'Teacher#2026'
/** A number as Latin letters (0 → a, 26 → ba): names take letters only. */
const letters = (value: number): string => (value < 26 ? '' : letters(Math.floor(value / 26))) + String.fromCharCode(97 + (value % 26))

/**
 * The fault-injection soak (issue 10): `clients` teachers, each on the app's own event store and
 * outbox, save their profiles `commands` times in all through a proxy that drops, fails, delays
 * and kills; then the server's state is compared with what every teacher saved last, and the
 * server's applied-update count (the profile version) with its stored Idempotency-Keys.
 */
export const runSoak = async (options: SoakOptions): Promise<SoakResult> => {
  const began = Date.now()
  const log = options.log
  const scratch = options.databaseUrl === null ? null : await createScratchDatabase(options.databaseUrl, 'soak')
  const dataDir = scratch === null ? mkdtempSync(join(tmpdir(), 'fasl-soak-')) : null
  const target = scratch === null ? { dataDir: dataDir as string } : { url: scratch.url }
  const server = await serverControl({
    ...(scratch === null ? { FASL_DATA_DIR: dataDir as string } : { DATABASE_URL: scratch.url }),
    FASL_JWT_SECRET: randomBytes(32).toString('hex'),
    // The demo school on PostgreSQL too (there it is otherwise only the first admin).
    FASL_SEED: 'demo',
    ...(options.abandonedClaimSeconds === undefined ? {} : { FASL_IDEMPOTENCY_ABANDONED_SECONDS: String(options.abandonedClaimSeconds) }),
  })
  const realFetch = globalThis.fetch
  const problems: string[] = []
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | null = null
  const clients: SoakClient[] = []
  let progress: NodeJS.Timeout | undefined
  try {
    // Setup: the demo school (on PGlite the seeded template the other tests start from; on PostgreSQL
    // one start migrates and seeds), then one teacher account per client, written into the database
    // directly (there is no sign-up).
    if (dataDir !== null) unpackSeededTemplate(await seededTemplateFile(), dataDir)
    else {
      await server.start()
      await server.stop()
    }
    const db = await openDb(target)
    const accounts: Array<{ id: string; email: string }> = []
    for (let i = 0; i < options.clients; i++) {
      const [row] = await db.query<{ id: string; email: string }>(
        `INSERT INTO users (id, school_id, email, password_hash, first_name, last_name, user_type, roles)
         SELECT gen_random_uuid(), school_id, $1, password_hash, 'Soak', $2, user_type, roles FROM users WHERE email = 'teacher2@fasl.school'
         RETURNING id, email`,
        [`soak${i}@fasl.school`, `Teacher ${i}`],
      )
      accounts.push(row!)
    }
    await db.close()
    await server.start()

    const tokens = new Map<string, { token: string; renewAt: number }>()
    const signIn = async (email: string) => {
      const answer = await realFetch(`${server.url}/api/Auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password: teacherPassword, ...webClient }),
        signal: AbortSignal.timeout(30_000),
      })
      const body = (await answer.json()) as { responseCode: number; responseData: { accessToken: string; tokenExpiration: string } }
      if (body.responseCode !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`)
      tokens.set(email, { token: body.responseData.accessToken, renewAt: Date.parse(body.responseData.tokenExpiration) - 120_000 })
    }
    for (const account of accounts) await signIn(account.email)
    // One renewal at a time per teacher: every request of a device would otherwise sign in again at
    // once, and sign-ins from one address are limited (100 in 15 minutes) in the long run.
    const renewals = new Map<string, Promise<void>>()
    const tokenOf = async (email: string) => {
      const held = tokens.get(email)!
      // The app refreshes before expiry; the soak signs in again (best effort: the server may be down).
      if (Date.now() > held.renewAt) {
        const renewal =
          renewals.get(email) ??
          signIn(email)
            .catch(() => undefined)
            .finally(() => renewals.delete(email))
        renewals.set(email, renewal)
        await renewal
      }
      return tokens.get(email)!.token
    }

    // The proxy's dice. Kills are planned over the sending phase; the rest are per request.
    let calm = false
    let killsDone = 0
    let restarting = false
    let nextKillAt = Date.now()
    const killEvery = Math.max(1, options.commands / Math.max(1, options.kills))
    let sentSoFar = 0
    // Kills are spread over the requests the proxy sees (about one per save), not over the saves made.
    let requests = 0
    const choose = (): Fault => {
      if (calm) return 'none'
      requests++
      if (!restarting && killsDone < options.kills && requests >= killEvery * (killsDone + 0.5) && Date.now() >= nextKillAt) {
        killsDone++
        restarting = true
        return 'killServer'
      }
      const r = Math.random()
      if (r < 0.03) return 'dropRequest'
      if (r < 0.06) return 'dropAnswer'
      if (r < 0.08) return 'answer500'
      if (r < 0.1) return 'answer503'
      if (r < 0.12) return 'delayPastTimeout'
      return 'none'
    }
    const restarts: Promise<void>[] = []
    proxy = await startFaultProxy({
      upstreamPort: server.port,
      choose,
      delayMs: options.clientTimeoutMs + 1000,
      kill: () => {
        restarts.push(
          (async () => {
            server.kill()
            await server.stop()
            await server.start()
            restarting = false
            nextKillAt = Date.now() + 2000
          })(),
        )
      },
    })
    const proxyUrl = proxy.url

    // The device's network: the app's client sends relative URLs with the signed-in teacher's token.
    // Each command's Idempotency-Key says whose device sent it; offline devices have no network.
    const ownerOfKey = new Map<string, SoakClient>()
    // The page's address: the app's client resolves its relative URLs against it (effect/http Url).
    Object.defineProperty(globalThis, 'location', { value: { origin: proxyUrl, pathname: '/', href: `${proxyUrl}/` }, configurable: true, writable: true })
    setAuthBridge({ freshToken: async () => 'device-token', onUnauthorized: async () => null })
    const network = deviceNetwork(realFetch, options.clientTimeoutMs)
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
      const client = ownerOfKey.get(headers.get(idempotencyKeyHeader) ?? '')
      if (client === undefined) return realFetch(input, init)
      if (!client.online) throw new TypeError('Failed to fetch')
      return network.fetch(
        `${proxyUrl}${url.pathname}${url.search}`,
        init ?? {},
        async () => headers.set('authorization', `Bearer ${await tokenOf(client.account.email)}`),
        headers,
      )
    }

    const userInfoThroughProxy = (email: string) => async (): Promise<UserInfo | null> => {
      try {
        const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${await tokenOf(email)}` })
        const answer = await network.fetch(`${proxyUrl}/api/Account/GetUserInfo`, {}, async () => undefined, headers)
        if (!answer.ok) return null
        return ((await answer.json()) as { responseData: UserInfo }).responseData
      } catch {
        return null
      }
    }
    for (const [index, account] of accounts.entries())
      clients.push(new SoakClient(index, account, userInfoThroughProxy(account.email), 4 * options.clientTimeoutMs))
    await Promise.all(clients.map((client) => client.store.ready))
    // Each device loads the profile (calm: the soak starts from a known version), as the profile page does.
    calm = true
    await Promise.all(clients.map((client) => client.loadProfile()))
    calm = false
    const initialVersion = new Map(clients.map((client) => [client.index, client.profile()?.confirmed?.version ?? -1]))

    // Sending: each client saves its share, reloading and going offline now and then.
    let offlineEpisodes = 0
    let reloads = 0
    const offlineTimers = new Set<NodeJS.Timeout>()
    const perClient = Math.ceil(options.commands / options.clients)
    const sendDeadline = Date.now() + options.sendBudgetMs
    const chance = (count: number) => count / options.commands
    const maxAhead = 10
    const runClient = async (client: SoakClient) => {
      let n = 0
      while (n < perClient && sentSoFar < options.commands && Date.now() < sendDeadline) {
        await sleep(5 + Math.random() * 30)
        // A teacher saves again while earlier saves are still on their way, but not hundreds ahead:
        // the faults then fall on the whole run, not on a burst before the outboxes drain.
        while (client.online && client.pending() >= maxAhead && Date.now() < sendDeadline) await sleep(50)
        if (reloads < options.reloads && Math.random() < chance(options.reloads)) {
          reloads++
          await client.reload()
        }
        if (client.online && offlineEpisodes < options.offlineEpisodes && Math.random() < chance(options.offlineEpisodes)) {
          offlineEpisodes++
          client.setOnline(false)
          const timer = setTimeout(() => (offlineTimers.delete(timer), client.setOnline(true)), options.offlineMs)
          offlineTimers.add(timer)
        }
        const language = n % 2 === 0 ? 'ar' : 'en'
        const saved = client.save({
          firstName: 'Soak',
          lastName: `Client${letters(client.index)} Save${letters(n)}`,
          email: client.account.email,
          phone: n % 3 === 0 ? null : `0100${String(n).padStart(6, '0')}`,
          preferredLanguage: language,
        })
        if (!saved) {
          await client.loadProfile()
          continue
        }
        ownerOfKey.set(client.dispatched.at(-1)!, client)
        n++
        sentSoFar++
      }
    }
    // A line every 30 s: where the run is, and which devices are waiting on what.
    progress = setInterval(() => {
      const states = clients.map((client) => {
        const snapshot = client.store.getSnapshot()
        return `${client.index}:${client.online ? '' : 'off/'}${client.reloading ? 'reload/' : ''}${snapshot.leader ? '' : 'noleader/'}${snapshot.sync.status}/${client.pending()}`
      })
      log(
        `  … ${sentSoFar} saved, ${clients.reduce((sum, client) => sum + client.pending(), 0)} waiting, ${requests} requests, ${killsDone} kills (${((Date.now() - began) / 1000).toFixed(0)} s) ${states.join(' ')}`,
      )
    }, 30_000)
    await Promise.all(clients.map(runClient))
    // The storm goes on while the outboxes drain (bounded by the same budget): the faults must meet the deliveries.
    while (Date.now() < sendDeadline && (killsDone < options.kills || clients.some((client) => client.pending() > 0))) await sleep(100)
    const sent = clients.reduce((sum, client) => sum + client.dispatched.length, 0)
    log(`soak: ${sent} commands saved in ${((Date.now() - began) / 1000).toFixed(0)} s; settling`)

    // Settling: the network recovers and every device comes back online; all saves must be answered.
    calm = true
    for (const timer of offlineTimers) clearTimeout(timer)
    await Promise.all(restarts)
    for (const client of clients) if (!client.online) client.setOnline(true)
    const settleDeadline = Date.now() + options.settleBudgetMs
    while (Date.now() < settleDeadline && clients.some((client) => client.pending() > 0)) await sleep(250)
    clearInterval(progress)
    const unsettled = clients.reduce((sum, client) => sum + client.pending(), 0)
    if (unsettled > 0) problems.push(`${unsettled} commands still unanswered after ${options.settleBudgetMs / 1000} s of calm`)

    // The verdict: the server's profile against each teacher's last save; applied updates against stored keys.
    for (const client of clients) await client.close()
    await server.stop()
    const verdictDb = await openDb(target)
    let lost = 0
    let duplicated = 0
    for (const client of clients) {
      const [row] = await verdictDb.query<{
        first_name: string
        last_name: string
        email: string
        phone: string | null
        preferred_language: string
        version: number
      }>('SELECT first_name, last_name, email, phone, preferred_language, version FROM users WHERE id = $1', [client.account.id])
      const stored = await verdictDb.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE scope = $1 AND status IS NOT NULL AND path = $2', [
        `user:${client.account.id}`,
        '/api/Account/UpdateProfile',
      ])
      const storedKeys = new Set(stored.map((s) => s.key))
      const applied = row!.version - initialVersion.get(client.index)!
      const neverApplied = client.dispatched.filter((id) => !storedKeys.has(id))
      lost += neverApplied.length
      duplicated += Math.max(0, applied - storedKeys.size)
      if (applied < storedKeys.size) problems.push(`client ${client.index}: ${storedKeys.size} keys stored but the version moved ${applied}`)
      for (const id of neverApplied.slice(0, 3))
        problems.push(
          `client ${client.index}: command ${id} never applied (${client.outcomes.rejected.get(id) ?? (client.outcomes.confirmed.has(id) ? 'confirmed on the device' : 'unanswered')})`,
        )
      const intended = client.intended
      const server = { firstName: row!.first_name, lastName: row!.last_name, email: row!.email, phone: row!.phone, preferredLanguage: row!.preferred_language }
      if (
        intended !== null &&
        JSON.stringify(server) !==
          JSON.stringify({
            firstName: intended.firstName,
            lastName: intended.lastName,
            email: intended.email,
            phone: intended.phone,
            preferredLanguage: intended.preferredLanguage,
          })
      ) {
        problems.push(`client ${client.index}: server has ${JSON.stringify(server)}, the teacher saved ${JSON.stringify(intended)} last`)
        if (neverApplied.length === 0) lost++
      }
    }
    await verdictDb.close()

    const injected = { ...proxy.counts, offline: offlineEpisodes, reload: reloads }
    const { none: _clean, ...faultCounts } = injected
    const faults = Object.values(faultCounts).reduce((a, b) => a + b, 0)
    for (const [name, count] of Object.entries(faultCounts)) log(`  ${name.padEnd(18)} ${count}`)
    log(`  ${'(502 while down)'.padEnd(18)} ${proxy.badGateway()}`)
    // Not a fault the soak injects: requests whose fetch outlived its abort (the device gave up on them regardless).
    log(`  ${'(abort ignored)'.padEnd(18)} ${network.abortsIgnored()}`)
    for (const problem of problems.slice(0, 20)) log(`  problem: ${problem}`)
    const seconds = (Date.now() - began) / 1000
    const line = `soak: ${sent} commands, ${faults} faults, ${lost} lost, ${duplicated} duplicated`
    log(line)
    return { commands: sent, faults, lost, duplicated, faultCounts, problems, line, seconds }
  } catch (error) {
    log(server.output())
    throw error
  } finally {
    clearInterval(progress)
    globalThis.fetch = realFetch
    Reflect.deleteProperty(globalThis, 'location')
    for (const client of clients) client.store.dispose()
    await Promise.all(clients.map(async (client) => (await client.store.flushed().catch(() => undefined), await client.forget())))
    await proxy?.close()
    await server.stop()
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
    await scratch?.drop()
  }
}
