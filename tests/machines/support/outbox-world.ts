import type { SimulatedClock } from 'xstate'
import type { UserInfo } from '../../../contracts/entities.ts'
import { backoff } from '../../../machines/outbox.machine.ts'
import { updateProfile } from '../../../plugins/profile/commands.ts'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import * as profileParts from '../../../plugins/profile/store-parts.ts'
import { setAuthBridge } from '../../../src/api/bridge.ts'
import { preloadApi } from '../../../src/api/client.ts'
import { classifyFailure } from '../../../src/app/event-store.ts'
import { buildCatalogue } from '../../../src/events/catalogue.ts'
import { createEventStore, type EventStore } from '../../../src/events/store.ts'
import { requestFingerprint } from '../../../server/http/idempotency.ts'
import type { TestDatabase } from '../../server/support/databases.ts'
import { accounts, signedIn } from '../../server/support/http.ts'
import type { Label, ModelEvent, Start } from './outbox-paths.ts'

/**
 * The outbox's real system for the generated paths: the app's event store (on fake-indexeddb) with
 * the profile plugin's commands and the app's classifier, sending through a fetch that holds each
 * delivery until the path's next answer says what becomes of it, in front of the real server.
 * The answers are made where they are made in life: "confirmed" is the server applying the save,
 * "rejected" its refusal (the save made against a version that moved on), "retry" its 409 while
 * another attempt holds the key, "failed" its 500 (a trigger makes the update fail), "offline" no
 * network or a gateway's 503, a thrown deliver a bug in the classifier.
 */

/** How long the store's outbox waits for an answer (its clock is the test's). */
export const deliveryTimeoutMs = 90_000

interface Held {
  readonly key: string
  readonly path: string
  readonly method: string
  readonly headers: Headers
  readonly body: Uint8Array
  readonly resolve: (response: Response) => void
  readonly reject: (error: unknown) => void
}

export interface Observation {
  readonly status: string
  readonly online: boolean
  /** Labels of the commands the store shows as waiting, oldest first, and as set aside. */
  readonly pending: ReadonlyArray<Label>
  readonly setAside: ReadonlyArray<Label>
  /** Labels of the deliveries open at the network (sent, not answered). */
  readonly open: ReadonlyArray<Label>
  /** Command ids the store's log records as confirmed (in order), rejected, discarded. */
  readonly confirmed: ReadonlyArray<string>
  readonly rejected: ReadonlyArray<string>
  readonly discarded: ReadonlyArray<string>
  /** The teacher's profile on the server, and the Idempotency-Keys it stored an answer for. */
  readonly server: { readonly firstName: string; readonly version: number; readonly keys: ReadonlyArray<string> }
  /** The profile the store's view shows (pending edits included). */
  readonly shownFirstName: string | null
}

const catalogue = buildCatalogue([{ id: 'profile', ...profileParts }])
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const letters = (value: number): string => (value < 26 ? '' : letters(Math.floor(value / 26))) + String.fromCharCode(97 + (value % 26))
const gatewayPage = '<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>'

export async function startOutboxWorld(database: TestDatabase, setClock: (clock: SimulatedClock | null) => void, newClock: () => SimulatedClock) {
  const server = await database.start()
  const token = (await signedIn(server.url, accounts.teacher)).accessToken
  const [user] = await server.db.query<{ id: string; last_name: string; email: string }>(`SELECT id, last_name, email FROM users WHERE email = $1`, [
    accounts.teacher.email,
  ])
  const scope = `user:${user!.id}`
  await server.db.query(
    `CREATE OR REPLACE FUNCTION outbox_test_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox test: this update fails'; END $$`,
  )

  const realFetch = globalThis.fetch
  const open: Held[] = []
  /** The keys of the path being run: a delivery of an earlier path's store (disposed, still loading) finds no network. */
  let owned: ReadonlySet<string> = new Set()
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, server.url), init)
    const key = request.headers.get('idempotency-key')
    if (key === null) return realFetch(request)
    if (!owned.has(key)) throw new TypeError('fetch failed')
    const body = new Uint8Array(await request.arrayBuffer())
    const url = new URL(request.url)
    return new Promise<Response>((resolve, reject) =>
      open.push({ key, path: `${url.pathname}${url.search}`, method: request.method, headers: request.headers, body, resolve, reject }),
    )
  }
  Object.defineProperty(globalThis, 'location', { value: { origin: server.url, pathname: '/', href: `${server.url}/` }, configurable: true, writable: true })
  setAuthBridge({ freshToken: async () => token, onUnauthorized: async () => null })
  preloadApi()

  const forward = (held: Held, body: Uint8Array = held.body) =>
    realFetch(`${server.url}${held.path}`, { method: held.method, headers: held.headers, body: body as Uint8Array<ArrayBuffer> })
  const userInfo = async (): Promise<UserInfo> => {
    const answer = await realFetch(`${server.url}/api/Account/GetUserInfo`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
    return ((await answer.json()) as { responseData: UserInfo }).responseData
  }
  let saves = 0
  let offlineAnswers = 0
  let paths = 0

  /** One device on a fresh log, for one path: its store, the labels' ids, and the path's events made real. */
  const device = async (start: Start) => {
    const clock = newClock()
    setClock(clock)
    const dbName = `outbox-paths-${++paths}-${Math.random()}`
    const idOf = new Map<Label, string>()
    const labelOf = new Map<string, Label>()
    owned = new Set()
    const nameOf = new Map<string, string>()
    let classifierBug = false
    const classify: typeof classifyFailure = (error) => {
      if (!classifierBug) return classifyFailure(error)
      classifierBug = false
      throw new Error('outbox test: a bug in the classifier')
    }
    const open$ = (online: boolean) => createEventStore({ dbName, catalogue, classify, online, random: () => 1, deliveryTimeoutMs })
    const save = (store: EventStore, label: Label) => {
      const firstName = `Outbox${letters(saves++)}`
      const id = store.dispatch(updateProfile, {
        firstName,
        lastName: user!.last_name,
        email: user!.email,
        phone: null,
        preferredLanguage: 'en',
        expectedVersion: null,
      })
      idOf.set(label, id)
      labelOf.set(id, label)
      owned = new Set([...owned, id])
      nameOf.set(id, firstName)
    }
    open.length = 0
    const initialInfo = await userInfo()
    const restored = (start.input.restored ?? []).length > 0
    if (restored) {
      // An earlier page life saved c1 offline and closed: this one restores it from the log.
      const before = open$(false)
      await before.ready
      before.append(profileEventNames.userInfoLoaded, { userInfo: initialInfo })
      save(before, 'c1')
      await before.flushed()
      before.dispose()
      await before.flushed()
    }
    const store = open$(start.input.online ?? true)
    await store.ready
    if (!restored) store.append(profileEventNames.userInfoLoaded, { userInfo: initialInfo })

    /**
     * Until nothing moves: every append kept, every answer read, no new request. A delivery on its
     * way to the network (the API client loading) is waited for, up to a second.
     */
    const settle = async () => {
      let last = ''
      const until = Date.now() + 1_000
      for (let quiet = 0; quiet < 3;) {
        await store.flushed()
        await sleep(2)
        const sync = store.getSnapshot().sync
        const now = JSON.stringify([store.getSnapshot().events.length, sync, open.length])
        const onItsWay = sync.status === 'delivering' && open.length === 0 && Date.now() < until
        quiet = now === last && !onItsWay ? quiet + 1 : 0
        last = now
      }
    }
    const onlyOpen = (what: string): Held => {
      if (open.length !== 1) throw new Error(`${what}: the outbox has ${open.length} deliveries open, not one`)
      return open.shift()!
    }
    const dropOpen = () => {
      for (const held of open.splice(0)) held.reject(new TypeError('fetch failed'))
    }
    const answer = async (kind: 'confirmed' | 'rejected' | 'offline' | 'retry' | 'failed') => {
      const held = onlyOpen(`answer ${kind}`)
      if (kind === 'confirmed') return held.resolve(await forward(held))
      if (kind === 'rejected') {
        // Made against a version the profile has moved on from: the server refuses it (code 139).
        const stale = JSON.stringify({ ...(JSON.parse(new TextDecoder().decode(held.body)) as object), expectedVersion: 999_999 })
        return held.resolve(await forward(held, new TextEncoder().encode(stale)))
      }
      if (kind === 'offline')
        return offlineAnswers++ % 2 === 0
          ? held.reject(new TypeError('fetch failed'))
          : held.resolve(new Response(gatewayPage, { status: 503, headers: { 'content-type': 'text/html' } }))
      if (kind === 'retry') {
        // Another attempt holds the key (claimed, unanswered): the server answers 409 "in progress".
        const claim = [scope, held.key, held.method, held.path.split('?')[0], requestFingerprint(held.method, held.path, held.body)]
        await server.db.query(`INSERT INTO idempotency_keys (scope, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)`, claim)
        const response = await forward(held)
        await server.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL`, [scope, held.key])
        return held.resolve(response)
      }
      await server.db.query(
        `CREATE TRIGGER outbox_test_fails BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.id = '${user!.id}') EXECUTE FUNCTION outbox_test_fails()`,
      )
      const response = await forward(held).finally(() => server.db.query(`DROP TRIGGER outbox_test_fails ON users`))
      held.resolve(response)
    }

    const perform = async (event: ModelEvent) => {
      if (event.type === 'outbox.appended') {
        const e = event.event
        if (e.kind === 'command') save(store, e.command.id as Label)
        else if (e.kind === 'fact') store.append(profileEventNames.userInfoLoaded, { userInfo: await userInfo() })
        else if (e.kind === 'retried') store.retryCommand(idOf.get(e.commandId)!)
        else store.discardCommand(idOf.get(e.commandId)!)
      } else if (event.type === 'xstate.done.actor.deliver') await answer(event.output.kind)
      else if (event.type === 'xstate.error.actor.deliver') {
        classifierBug = true
        onlyOpen('deliver throws').reject(new TypeError('fetch failed'))
      } else if (event.type === 'outbox.online') store.setOnline(true)
      else if (event.type === 'outbox.offline') {
        store.setOnline(false)
        dropOpen() // the network is gone: what was on its way fails, too late to be heard
      } else if (event.type === 'xstate.after.retryAfter.outbox.backingOff') clock.increment(backoff.capMs)
      else {
        clock.increment(deliveryTimeoutMs)
        dropOpen() // the lost answer's connection ends at last, after the outbox stopped waiting
      }
      await settle()
    }

    const observe = async (): Promise<Observation> => {
      const snapshot = store.getSnapshot()
      const [row] = await server.db.query<{ first_name: string; version: number }>('SELECT first_name, version FROM users WHERE id = $1', [user!.id])
      const stored = await server.db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE scope = $1 AND status IS NOT NULL', [scope])
      const ofName = (name: string) => snapshot.events.filter((e) => e.name === name).map((e) => (e.payload as { commandId: string }).commandId)
      const mine = new Set(labelOf.keys())
      return {
        status: snapshot.sync.status,
        online: snapshot.sync.online,
        pending: snapshot.sync.pending.map((e) => labelOf.get(e.id)!),
        setAside: snapshot.sync.setAside.map((s) => labelOf.get(s.command.id)!),
        open: open.map((held) => labelOf.get(held.key)!),
        confirmed: ofName('v1.CommandConfirmed'),
        rejected: ofName('v1.CommandRejected'),
        discarded: ofName('v1.CommandDiscarded'),
        server: { firstName: row!.first_name, version: row!.version, keys: stored.map((s) => s.key).filter((key) => mine.has(key)) },
        shownFirstName: (snapshot.views.profile as { profile: { firstName: string } | null } | undefined)?.profile?.firstName ?? null,
      }
    }

    await settle()
    return {
      perform,
      observe,
      idOf: (label: Label) => idOf.get(label)!,
      nameOf: (id: string) => nameOf.get(id)!,
      initialVersion: initialInfo.version,
      initialFirstName: initialInfo.firstName,
      close: async () => {
        store.dispose()
        await store.flushed()
        dropOpen()
        setClock(null)
      },
    }
  }

  return {
    device,
    close: async () => {
      globalThis.fetch = realFetch
      Reflect.deleteProperty(globalThis, 'location')
      await server.close()
    },
  }
}
export type OutboxDevice = Awaited<ReturnType<Awaited<ReturnType<typeof startOutboxWorld>>['device']>>
