import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { maxFailedAttempts } from '../../../machines/outbox.machine.ts'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import type { ProfileView } from '../../../plugins/profile/projection.ts'
import { type EventStore, createEventStore } from '../../../src/events/store.ts'
import { classify, fakeProfileServer, fields, settled, userInfo, whenSnapshot } from './fixtures.ts'

const freshDb = () => `set-aside-test-${Math.random()}`
const profileOf = (store: EventStore) => store.getSnapshot().views.profile as ProfileView
const update = profileEventNames.updateRequested
const open = (server: ReturnType<typeof fakeProfileServer>, dbName = freshDb()) =>
  createEventStore({ dbName, catalogue: server.catalogue, classify, online: true, random: () => 0 })
const setAsideIds = (store: EventStore) => store.getSnapshot().sync.setAside.map((s) => s.command.id)

/** A store whose first edit the server fails on (500, every time), with a second edit behind it. */
async function blockedStore(dbName = freshDb()) {
  const server = fakeProfileServer()
  server.goOnline()
  server.failOn('Boom')
  const store = open(server, dbName)
  await store.ready
  store.append(profileEventNames.userInfoLoaded, { userInfo })
  const failing = store.append(update, { ...fields('Boom'), expectedVersion: 1 }).id
  const behind = store.append(update, { ...fields('Noor'), expectedVersion: 1 }).id
  await whenSnapshot(store, ({ sync }) => sync.pending.length === 0 && sync.setAside.length === 1 && sync.status === 'idle')
  await store.flushed()
  return { server, store, failing, behind }
}

describe('a command the server cannot process (500) is set aside; it never blocks the commands behind it', () => {
  it(`after ${maxFailedAttempts} failed tries it is set aside with a "couldn't send" state, and the command behind it is delivered`, async () => {
    const { server, store, failing, behind } = await blockedStore()
    expect(server.calls).toEqual([...Array<string>(maxFailedAttempts).fill(failing), behind])
    expect(server.applied.map((a) => a.key)).toEqual([behind])
    expect(store.getSnapshot().sync.setAside).toMatchObject([{ command: { id: failing }, code: 500, message: 'Internal server error.' }])
    expect(store.getSnapshot().sync.pending).toEqual([])
    expect(store.getSnapshot().events.some((e) => e.name === 'v1.CommandRejected')).toBe(false)
    store.dispose()
  })

  it('"retry" sends it again (after the ones that went on) and, once the server takes it, it is confirmed', async () => {
    const { server, store, failing, behind } = await blockedStore()
    server.stopFailing()
    store.retryCommand(failing)
    await settled(store)
    expect(server.applied.map((a) => a.key)).toEqual([behind, failing])
    expect(setAsideIds(store)).toEqual([])
    expect(profileOf(store)).toMatchObject({ pendingCount: 0, profile: { firstName: 'Boom', version: 3 } })
    store.dispose()
  })

  it('"discard" rolls its optimistic change back and it is never sent, after a reload too', async () => {
    const dbName = freshDb()
    const { server, store, failing } = await blockedStore(dbName)
    server.stopFailing()
    store.discardCommand(failing)
    await store.flushed()
    expect(setAsideIds(store)).toEqual([])
    expect(profileOf(store)).toMatchObject({ pendingCount: 0, profile: { firstName: 'Noor' } })
    store.dispose()
    await store.flushed()

    const calls = server.calls.length
    const after = open(server, dbName)
    await after.ready
    await whenSnapshot(after, (s) => s.leader)
    await settled(after)
    expect(after.getSnapshot().events.some((e) => e.id === failing)).toBe(false) // compacted away
    expect(setAsideIds(after)).toEqual([])
    expect(profileOf(after)).toMatchObject({ pendingCount: 0, profile: { firstName: 'Noor' } })
    expect(server.calls).toHaveLength(calls)
    after.dispose()
  })

  it('discarding takes the change out of the views (the projection never sees the command)', async () => {
    const { store, failing } = await blockedStore()
    expect(profileOf(store).pendingCount).toBe(1) // the set-aside edit, still the teacher's
    store.discardCommand(failing)
    expect(profileOf(store)).toMatchObject({ pendingCount: 0, profile: { firstName: 'Noor', version: 2 } })
    store.dispose()
  })

  it('a set-aside command stays set aside over a reload: shown, not sent again until retried', async () => {
    const dbName = freshDb()
    const { server, store, failing } = await blockedStore(dbName)
    store.dispose()
    await store.flushed()
    const calls = server.calls.length
    const after = open(server, dbName)
    await after.ready
    await whenSnapshot(after, (s) => s.leader)
    await settled(after)
    expect(setAsideIds(after)).toEqual([failing])
    expect(server.calls).toHaveLength(calls)
    after.dispose()
  })
})
