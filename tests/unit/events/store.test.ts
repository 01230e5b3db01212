import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { uploadProfileImage } from '../../../plugins/profile/commands.ts'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import type { ProfileView } from '../../../plugins/profile/projection.ts'
import { type EventStore, createEventStore } from '../../../src/events/store.ts'
import { classify, fakeProfileServer, fields, settled, userInfo, whenSnapshot } from './fixtures.ts'

const freshDb = () => `store-test-${Math.random()}`
const profileOf = (store: EventStore) => store.getSnapshot().views.profile as ProfileView
const update = profileEventNames.updateRequested

/** The store as the app opens it, on a fake server; `random: () => 0` makes every back-off wait 0 ms. */
const open = (server: ReturnType<typeof fakeProfileServer>, dbName = freshDb(), online = true) =>
  createEventStore({ dbName, catalogue: server.catalogue, classify, online, random: () => 0 })

describe('event store (profile plugin)', () => {
  it('no teacher work is lost across a reload: each command is delivered once, in order, keyed by its id', async () => {
    const dbName = freshDb()
    const server = fakeProfileServer()
    const before = open(server, dbName, false)
    await before.ready
    before.append(profileEventNames.userInfoLoaded, { userInfo })
    const ids = [before.append(update, { ...fields('Noor'), expectedVersion: 1 }).id, before.append(update, { ...fields('Huda'), expectedVersion: 1 }).id]
    const fileId = await before.putFile(new Uint8Array([1, 2]))
    ids.push(before.dispatch(uploadProfileImage, { fileId, type: 'image/png', size: 2 }))
    await before.flushed()
    expect(profileOf(before)).toMatchObject({ pendingCount: 3, profile: { firstName: 'Huda' } })
    expect(before.getSnapshot().sync.status).toBe('paused')
    before.dispose()

    // "Reload": a new store on the same database, and the network comes back.
    const after = open(server, dbName, false)
    await after.ready
    expect(after.getSnapshot().sync.pending.map((c) => c.id)).toEqual(ids)
    server.goOnline()
    after.setOnline(true)
    await settled(after)

    expect(server.applied).toEqual([
      { key: ids[0], name: update },
      { key: ids[1], name: update },
      { key: ids[2], name: profileEventNames.imageUploadRequested },
    ])
    // The second edit was made against version 1 like the first: the first's own save is no conflict.
    expect(server.images).toEqual([new Uint8Array([1, 2])])
    expect(profileOf(after)).toMatchObject({ profile: server.profile, pendingCount: 0, lastRejection: null, conflict: null })
    expect(
      after
        .getSnapshot()
        .events.filter((e) => e.name === 'v1.CommandConfirmed')
        .map((e) => (e.payload as { commandId: string }).commandId),
    ).toEqual(ids)
    after.dispose()
  })

  it('says when the log has been read back, so a page can start its form from the commands still to send', async () => {
    const dbName = freshDb()
    const server = fakeProfileServer()
    const before = open(server, dbName, false)
    await before.ready
    expect(before.getSnapshot().restored).toBe(true)
    const id = before.append(update, { ...fields('Noor'), expectedVersion: 1 }).id
    await before.flushed()
    before.dispose()

    const after = open(server, dbName, false)
    expect(after.getSnapshot()).toMatchObject({ restored: false, sync: { pending: [] } })
    await after.ready
    expect(after.getSnapshot().restored).toBe(true)
    expect(after.getSnapshot().sync.pending.map((c) => c.id)).toEqual([id])
    after.dispose()
  })

  it('a rejected command rolls back its optimistic change and shows the reason', async () => {
    const server = fakeProfileServer()
    server.goOnline()
    const store = open(server)
    await store.ready
    store.append(profileEventNames.userInfoLoaded, { userInfo })
    const id = store.append(update, { ...fields('Noor', 'mona@taken.test'), expectedVersion: 1 }).id
    expect(profileOf(store).profile?.email).toBe('mona@taken.test') // optimistic, at once
    await settled(store)
    expect(profileOf(store)).toMatchObject({ profile: userInfo, pendingCount: 0, lastRejection: { commandId: id, commandName: update, code: 115 } })
    store.dispose()
  })

  it('a lost answer is redelivered with the same key and applied once', async () => {
    const server = fakeProfileServer()
    server.goOnline()
    server.loseNextAnswer()
    const store = open(server)
    await store.ready
    const id = store.append(update, { ...fields('Noor'), expectedVersion: null }).id
    await settled(store)
    expect(server.calls).toEqual([id, id])
    expect(server.applied).toHaveLength(1)
    store.dispose()
  })

  it('an idempotency "in progress" answer (409) is tried again later, never taken as a refusal', async () => {
    const server = fakeProfileServer()
    server.goOnline()
    server.answerInProgressOnce()
    const store = open(server)
    await store.ready
    store.append(profileEventNames.userInfoLoaded, { userInfo })
    const id = store.append(update, { ...fields('Noor'), expectedVersion: 1 }).id
    await settled(store)
    expect(server.calls).toEqual([id, id])
    expect(store.getSnapshot().events.some((e) => e.name === 'v1.CommandRejected')).toBe(false)
    expect(profileOf(store).profile).toMatchObject({ firstName: 'Noor', version: 2 })
    store.dispose()
  })

  it('an edit made just after a reload, while the restored log is still being read, goes after the restored ones, which are all sent', async () => {
    const dbName = freshDb()
    const server = fakeProfileServer()
    const before = open(server, dbName, false)
    await before.ready
    // A long log (server reads a newer one covers, dropped when the next page leads) keeps leading busy a while.
    for (let version = 1; version <= 40; version++) before.append(profileEventNames.userInfoLoaded, { userInfo: { ...userInfo, version } })
    const offline = [
      before.append(update, { ...fields('Noor'), expectedVersion: null }).id,
      before.append(update, { ...fields('Huda'), expectedVersion: null }).id,
    ]
    await before.flushed()
    before.dispose()

    server.goOnline()
    const after = open(server, dbName)
    await after.ready
    const fresh = after.append(update, { ...fields('Salma'), expectedVersion: null }).id
    await after.flushed()
    await whenSnapshot(after, ({ sync }) => sync.pending.length === 0 || (sync.status === 'idle' && server.applied.length > 0))
    expect(server.applied.map((a) => a.key)).toEqual([...offline, fresh])
    after.dispose()
  })

  it('a command appended before the log is restored is kept and delivered', async () => {
    const server = fakeProfileServer()
    server.goOnline()
    const store = open(server)
    const id = store.append(update, { ...fields('Early'), expectedVersion: null }).id
    await store.ready
    await settled(store)
    expect(server.applied.map((a) => a.key)).toEqual([id])
    store.dispose()
  })

  it('an offline edit of data changed elsewhere is refused as a conflict, not overwritten; "keep mine" re-sends against the new version', async () => {
    const server = fakeProfileServer()
    const store = open(server, freshDb(), false)
    await store.ready
    store.append(profileEventNames.userInfoLoaded, { userInfo })
    const mine = store.append(update, { ...fields('Mine'), expectedVersion: 1 }).id
    server.editElsewhere('Theirs')
    server.goOnline()
    store.setOnline(true)
    await settled(store)
    expect(server.profile.firstName).toBe('Theirs')
    expect(profileOf(store).conflict).toMatchObject({ commandId: mine, mine: { firstName: 'Mine', expectedVersion: 1 } })

    store.append(profileEventNames.userInfoLoaded, { userInfo: server.profile })
    const { conflict, confirmed } = profileOf(store)
    store.append(update, { ...conflict!.mine, expectedVersion: confirmed!.version })
    store.append(profileEventNames.conflictResolved, { commandId: mine, choice: 'mine' })
    await settled(store)
    expect(server.profile).toMatchObject({ firstName: 'Mine', version: 3 })
    expect(profileOf(store)).toMatchObject({ conflict: null, profile: { firstName: 'Mine', version: 3 } })
    store.dispose()
  })

  it('a reload drops answered commands a newer server read covers, keeps unanswered ones, and shows the same profile', async () => {
    const dbName = freshDb()
    const server = fakeProfileServer()
    server.goOnline()
    const before = open(server, dbName)
    await before.ready
    before.append(profileEventNames.userInfoLoaded, { userInfo })
    before.append(update, { ...fields('Noor'), expectedVersion: 1 })
    before.append(update, { ...fields('Huda'), expectedVersion: 1 })
    await settled(before)
    before.append(profileEventNames.userInfoLoaded, { userInfo: server.profile })
    before.setOnline(false)
    const unanswered = before.append(update, { ...fields('Salma'), expectedVersion: server.profile.version }).id
    await before.flushed()
    const shown = profileOf(before).profile
    expect(before.getSnapshot().events).toHaveLength(7)
    before.dispose()

    const after = open(server, dbName, false)
    await after.ready
    await whenSnapshot(after, (snapshot) => snapshot.leader) // leadership (and its compaction) follows the restore
    expect(after.getSnapshot().events.map((e) => e.name)).toEqual([profileEventNames.userInfoLoaded, update])
    expect(after.getSnapshot().sync.pending.map((c) => c.id)).toEqual([unanswered])
    expect(profileOf(after).profile).toEqual(shown)
    after.setOnline(true)
    await settled(after)
    expect(server.profile.firstName).toBe('Salma')
    expect(server.applied).toHaveLength(3)
    after.dispose()
  })

  it('a failed IndexedDB write is reported and taken back: nothing claims the edit is kept, nothing is sent', async () => {
    const dbName = freshDb()
    const server = fakeProfileServer()
    server.goOnline()
    const store = open(server, dbName)
    await store.ready
    store.append(profileEventNames.userInfoLoaded, { userInfo })
    await store.flushed()
    const realAdd = IDBObjectStore.prototype.add
    IDBObjectStore.prototype.add = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    try {
      store.append(update, { ...fields('Lost'), expectedVersion: 1 })
      await store.flushed()
    } finally {
      IDBObjectStore.prototype.add = realAdd
    }
    expect(store.getSnapshot().storageFailure).toMatchObject({ eventName: update })
    expect(profileOf(store)).toMatchObject({ pendingCount: 0, profile: { firstName: 'Mona' } })
    expect(store.getSnapshot().sync.pending).toEqual([])
    await settled(store)
    expect(server.calls).toEqual([])
    store.dismissStorageFailure()
    expect(store.getSnapshot().storageFailure).toBeNull()
    store.dispose()
  })

  it('notifies subscribers and keeps the snapshot identity when nothing changed', async () => {
    const store = open(fakeProfileServer(), freshDb(), false)
    await store.ready
    let calls = 0
    const unsubscribe = store.subscribe(() => calls++)
    const first = store.getSnapshot()
    expect(store.getSnapshot()).toBe(first)
    store.append(profileEventNames.userInfoLoaded, { userInfo })
    expect(calls).toBeGreaterThan(0)
    expect(store.getSnapshot()).not.toBe(first)
    expect(profileOf(store).profile).toEqual(userInfo)
    expect(store.identity()).toEqual({ name: 'Mona Salem', image: null })
    unsubscribe()
    store.dispose()
  })

  it('refuses an event whose payload does not match its schema', async () => {
    const store = open(fakeProfileServer(), freshDb(), false)
    expect(() => store.append(update, { firstName: 'No version' })).toThrow()
    expect(() => store.append('v9.Unknown', {})).toThrow(/Unknown event/)
    store.dispose()
  })
})
