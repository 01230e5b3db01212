import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { Delivery } from '../../../machines/outbox.machine.ts'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import { type EventStore, createEventStore } from '../../../src/events/store.ts'
import { serverTroubleShown } from '../../../src/events/store-types.ts'
import { Unanswered, classify, fakeProfileServer, fields, settled, userInfo, whenSnapshot } from './fixtures.ts'

const freshDb = () => `server-trouble-test-${Math.random()}`
const update = profileEventNames.updateRequested

/** The fake server's "unreachable" read as the server answering 503 (its database down), not as a network that is off. */
const answers503 = (error: unknown): Exclude<Delivery, { kind: 'confirmed' }> =>
  error instanceof Unanswered && error.status === 503 ? { kind: 'unavailable' } : classify(error)

const open = (server: ReturnType<typeof fakeProfileServer>, read = answers503) =>
  createEventStore({ dbName: freshDb(), catalogue: server.catalogue, classify: read, online: true, random: () => 0 })

/** Every `sync.serverTrouble` the store published, in order. */
const troubleSeen = (store: EventStore) => {
  const seen: boolean[] = []
  store.subscribe(() => seen.push(store.getSnapshot().sync.serverTrouble))
  return seen
}

async function edited(store: EventStore, firstName = 'Noor') {
  await store.ready
  store.append(profileEventNames.userInfoLoaded, { userInfo })
  store.append(update, { ...fields(firstName), expectedVersion: 1 })
}

describe("the store tells the server's trouble apart from a network that is off", () => {
  it('the outbox state, the connectivity and the last answer map to "server trouble" only while it is still at it online', () => {
    expect(serverTroubleShown('backingOff', true, true)).toBe(true)
    expect(serverTroubleShown('delivering', true, true)).toBe(true) // asking again: no flicker between tries
    expect(serverTroubleShown('idle', true, true)).toBe(false) // nothing left to send (sent, or set aside)
    expect(serverTroubleShown('paused', false, true)).toBe(false) // offline: the offline wording wins
    expect(serverTroubleShown('backingOff', false, true)).toBe(false)
    expect(serverTroubleShown('backingOff', true, false)).toBe(false) // the last try found no network
  })

  it('a server answering 503 shows "server trouble" while the change waits; it goes once the server takes the change', async () => {
    const server = fakeProfileServer() // unreachable: every delivery answered 503
    const store = open(server)
    await edited(store)
    await whenSnapshot(store, ({ sync }) => sync.serverTrouble)
    expect(store.getSnapshot().sync).toMatchObject({ online: true, setAside: [] })
    expect(store.getSnapshot().sync.pending).toHaveLength(1)
    server.goOnline()
    await settled(store)
    expect(store.getSnapshot().sync.serverTrouble).toBe(false)
    expect(server.applied).toHaveLength(1)
    store.dispose()
  })

  it('a network that is off (no answer at all) never shows "server trouble"', async () => {
    const server = fakeProfileServer()
    const store = open(server, classify) // the fixture's classify: unreachable is "offline"
    const seen = troubleSeen(store)
    await edited(store)
    await whenSnapshot(store, () => server.calls.length >= 3)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((trouble) => !trouble)).toBe(true)
    store.dispose()
  })

  it('after a 503, the browser going offline shows the offline state instead', async () => {
    const server = fakeProfileServer()
    const store = open(server)
    await edited(store)
    await whenSnapshot(store, ({ sync }) => sync.serverTrouble)
    store.setOnline(false)
    await whenSnapshot(store, ({ sync }) => sync.status === 'paused')
    expect(store.getSnapshot().sync).toMatchObject({ online: false, serverTrouble: false })
    store.dispose()
  })

  it('a 500 shows "server trouble" while the outbox asks again, and no more once the command is set aside ("couldn\'t send")', async () => {
    const server = fakeProfileServer()
    server.goOnline()
    server.failOn('Boom')
    const store = open(server)
    const seen = troubleSeen(store)
    await edited(store, 'Boom')
    await whenSnapshot(store, ({ sync }) => sync.setAside.length === 1 && sync.status === 'idle')
    expect(seen).toContain(true)
    expect(store.getSnapshot().sync.serverTrouble).toBe(false)
    store.dispose()
  })
})
