import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import type { Command } from '../../../src/events/events.ts'
import { type Delivery, type EventStore, createEventStore } from '../../../src/events/store.ts'
import { userInfo } from './fixtures.ts'

const freshDb = () => `store-test-${Math.random()}`

/** A fake server: applies each Idempotency-Key once and answers a replay with the first answer. */
function fakeServer() {
  let profile: UserInfo = { ...userInfo }
  let reachable = false
  const answers = new Map<string, Delivery>()
  const applied: Array<{ key: string; name: string }> = []
  const calls: string[] = []
  let loseNextAnswer = false
  const deliver = async (command: Command, key: string): Promise<Delivery> => {
    calls.push(key)
    if (!reachable) return { kind: 'offline' }
    let answer = answers.get(key)
    if (!answer) {
      applied.push({ key, name: command.name })
      if (command.name === 'v1.ProfileUpdateRequested' && command.payload.email.endsWith('@taken.test')) {
        answer = { kind: 'rejected', code: 400, message: 'Email already used' }
      } else {
        if (command.name === 'v1.ProfileUpdateRequested') {
          const { expectedVersion: _v, ...fields } = command.payload
          profile = { ...profile, ...fields, version: profile.version + 1 }
        }
        answer = { kind: 'confirmed', result: profile }
      }
      answers.set(key, answer)
    }
    // The request landed but the answer was lost on the way back.
    if (loseNextAnswer) {
      loseNextAnswer = false
      return { kind: 'offline' }
    }
    return answer
  }
  return {
    deliver,
    applied,
    calls,
    get profile() {
      return profile
    },
    goOnline: () => void (reachable = true),
    loseNextAnswer: () => void (loseNextAnswer = true),
  }
}

const edit = (firstName: string, email = 'mona@school.test') => ({ firstName, lastName: 'Salem', email, phone: null, preferredLanguage: 'ar' as const })

async function settled(store: EventStore) {
  for (let i = 0; i < 200; i++) {
    await store.flushed()
    const { sync } = store.getSnapshot()
    if (sync.pending.length === 0 && sync.status === 'idle') return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`store did not settle: ${JSON.stringify(store.getSnapshot().sync)}`)
}

describe('event store', () => {
  it('no teacher work is lost across a reload: each command is delivered once, in order, keyed by its id', async () => {
    const dbName = freshDb()
    const server = fakeServer()
    const before = createEventStore({ dbName, deliver: server.deliver })
    await before.ready
    before.append({ name: 'v1.UserInfoLoaded', payload: { userInfo } })
    const ids = [before.dispatchCommand('v1.ProfileUpdateRequested', edit('Noor')), before.dispatchCommand('v1.ProfileUpdateRequested', edit('Huda'))]
    ids.push(before.dispatchCommand('v1.ProfileImageUploadRequested', { bytes: new Uint8Array([1, 2]), type: 'image/png', size: 2 }))
    await before.flushed()
    expect(before.getSnapshot().profile).toMatchObject({ pendingCount: 3, profile: { firstName: 'Huda' } })
    expect(before.getSnapshot().sync.status).toBe('paused')
    before.dispose()

    // "Reload": a new store on the same database, and the network comes back.
    const after = createEventStore({ dbName, deliver: server.deliver, online: false })
    await after.ready
    expect(after.getSnapshot().sync.pending.map((c) => c.id)).toEqual(ids)
    server.goOnline()
    after.setOnline(true)
    await settled(after)

    expect(server.applied).toEqual([
      { key: ids[0], name: 'v1.ProfileUpdateRequested' },
      { key: ids[1], name: 'v1.ProfileUpdateRequested' },
      { key: ids[2], name: 'v1.ProfileImageUploadRequested' },
    ])
    const snapshot = after.getSnapshot()
    expect(snapshot.profile).toEqual({ profile: server.profile, pendingCount: 0, lastRejection: null })
    expect(snapshot.sync.confirmedHead).toBe(3)
    expect(snapshot.events.filter((e) => e.name === 'v1.CommandConfirmed').map((e) => e.payload.commandId)).toEqual(ids)
    after.dispose()
  })

  it('a rejected command rolls back its optimistic change and shows the reason', async () => {
    const server = fakeServer()
    server.goOnline()
    const store = createEventStore({ dbName: freshDb(), deliver: server.deliver })
    await store.ready
    store.append({ name: 'v1.UserInfoLoaded', payload: { userInfo } })
    const id = store.dispatchCommand('v1.ProfileUpdateRequested', edit('Noor', 'mona@taken.test'))
    expect(store.getSnapshot().profile.profile?.email).toBe('mona@taken.test') // optimistic, at once
    await settled(store)
    expect(store.getSnapshot().profile).toEqual({
      profile: userInfo,
      pendingCount: 0,
      lastRejection: { commandId: id, commandName: 'v1.ProfileUpdateRequested', code: 400, message: 'Email already used' },
    })
    store.dispose()
  })

  it('a lost answer is redelivered with the same key and applied once', async () => {
    const server = fakeServer()
    server.goOnline()
    server.loseNextAnswer()
    const store = createEventStore({ dbName: freshDb(), deliver: server.deliver })
    await store.ready
    const id = store.dispatchCommand('v1.ProfileUpdateRequested', edit('Noor'))
    await store.flushed()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(store.getSnapshot().sync.status).toBe('paused')
    store.setOnline(true) // the browser reports the network back
    await settled(store)
    expect(server.calls).toEqual([id, id])
    expect(server.applied).toHaveLength(1)
    store.dispose()
  })

  it('a command appended before the log is restored is kept and delivered', async () => {
    const server = fakeServer()
    server.goOnline()
    const store = createEventStore({ dbName: freshDb(), deliver: server.deliver })
    const id = store.dispatchCommand('v1.ProfileUpdateRequested', edit('Early'))
    await store.ready
    await settled(store)
    expect(server.applied.map((a) => a.key)).toEqual([id])
    store.dispose()
  })

  it('a reload drops answered commands a newer server read covers, keeps unanswered ones, and shows the same profile', async () => {
    const dbName = freshDb()
    const server = fakeServer()
    server.goOnline()
    const before = createEventStore({ dbName, deliver: server.deliver })
    await before.ready
    before.append({ name: 'v1.UserInfoLoaded', payload: { userInfo } })
    before.dispatchCommand('v1.ProfileUpdateRequested', edit('Noor'))
    before.dispatchCommand('v1.ProfileUpdateRequested', edit('Huda'))
    await settled(before)
    before.append({ name: 'v1.UserInfoLoaded', payload: { userInfo: server.profile } })
    before.setOnline(false)
    const unanswered = before.dispatchCommand('v1.ProfileUpdateRequested', edit('Salma'))
    await before.flushed()
    const shown = before.getSnapshot().profile
    expect(before.getSnapshot().events).toHaveLength(7)
    before.dispose()

    const after = createEventStore({ dbName, deliver: server.deliver, online: false })
    await after.ready
    expect(after.getSnapshot().events.map((e) => e.name)).toEqual(['v1.UserInfoLoaded', 'v1.ProfileUpdateRequested'])
    expect(after.getSnapshot().sync.pending.map((c) => c.id)).toEqual([unanswered])
    expect(after.getSnapshot().profile).toEqual(shown)
    after.setOnline(true)
    await settled(after)
    expect(server.profile.firstName).toBe('Salma')
    expect(server.applied).toHaveLength(3)
    after.dispose()
  })

  it('notifies subscribers and keeps the snapshot identity when nothing changed', async () => {
    const store = createEventStore({ dbName: freshDb(), deliver: fakeServer().deliver, online: false })
    await store.ready
    let calls = 0
    const unsubscribe = store.subscribe(() => calls++)
    const first = store.getSnapshot()
    expect(store.getSnapshot()).toBe(first)
    store.append({ name: 'v1.UserInfoLoaded', payload: { userInfo } })
    expect(calls).toBeGreaterThan(0)
    expect(store.getSnapshot()).not.toBe(first)
    expect(store.getSnapshot().profile.profile).toEqual(userInfo)
    unsubscribe()
    store.dispose()
  })
})
