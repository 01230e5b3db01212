import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { profileEventNames } from '../../../plugins/profile/events.ts'
import type { ProfileView } from '../../../plugins/profile/projection.ts'
import { openEventLog } from '../../../src/events/log.ts'
import { createEventStore } from '../../../src/events/store.ts'
import { buildCatalogue } from '../../../src/events/catalogue.ts'
import { type LogEvent, defineProjection } from '../../../src/events/types.ts'
import { classify, fakeProfileServer, fields, settled, userInfo } from './fixtures.ts'

/** Writes records exactly as the previous version of the app did: IndexedDB version 1, one `events` store, bytes inline. */
async function writePreviousVersionLog(dbName: string, records: unknown[]) {
  const db = await openDB(dbName, 1, { upgrade: (upgrading) => void upgrading.createObjectStore('events', { autoIncrement: true }) })
  for (const record of records) await db.add('events', record)
  db.close()
}

describe('restoring a log written by the previous version', () => {
  it('decodes each record, upcasts v1 to v2 (bytes move to the file store), sets unreadable ones aside and delivers the rest', async () => {
    const dbName = `restore-test-${Math.random()}`
    const png = new Uint8Array([137, 80, 78, 71, 13, 10])
    await writePreviousVersionLog(dbName, [
      { id: 'load', name: 'v1.UserInfoLoaded', payload: { userInfo }, at: 1 },
      { id: 'edit', name: 'v1.ProfileUpdateRequested', payload: fields('Old'), at: 2 },
      { id: 'photo', name: 'v1.ProfileImageUploadRequested', payload: { bytes: png, type: 'image/png', size: png.length }, at: 3 },
      { id: 'broken', name: 'v1.ProfileUpdateRequested', payload: { ...fields('X'), firstName: 42 }, at: 4 },
      { id: 'gone', name: 'v1.SomethingRemoved', payload: {}, at: 5 },
    ])
    const server = fakeProfileServer()
    const store = createEventStore({ dbName, catalogue: server.catalogue, classify, online: false, random: () => 0 })
    await store.ready

    const snapshot = store.getSnapshot()
    expect(snapshot.events.map((e) => [e.id, e.name])).toEqual([
      ['load', profileEventNames.userInfoLoaded],
      ['edit', profileEventNames.updateRequested],
      ['photo', profileEventNames.imageUploadRequested],
    ])
    // v1 never sent a version: v2 says so explicitly (no check) rather than inventing one.
    expect(snapshot.events[1]!.payload).toEqual({ ...fields('Old'), expectedVersion: null })
    expect(snapshot.events[2]!.payload).toEqual({ fileId: 'photo', type: 'image/png', size: png.length })
    expect((snapshot.views.profile as ProfileView).profile?.firstName).toBe('Old')
    expect(snapshot.quarantined).toBe(2)
    const aside = await store.quarantinedRecords()
    expect(aside.map((r) => (r.record as { id: string }).id)).toEqual(['broken', 'gone'])
    expect(aside[1]!.reason).toMatch(/unknown event v1.SomethingRemoved/)

    server.goOnline()
    store.setOnline(true)
    await settled(store)
    expect(server.applied.map((a) => a.key)).toEqual(['edit', 'photo'])
    expect(server.images).toEqual([png])
    store.dispose()
    await store.flushed()

    // The log now holds v2 records only: the old shapes were rewritten, the bytes are out of the events.
    const log = await openEventLog(dbName)
    const names = (await log.readRecords()).map((r) => (r.value as { name: string }).name)
    expect(names.filter((name) => name.startsWith('v1.Profile'))).toEqual([])
    expect(JSON.stringify((await log.readRecords()).map((r) => r.value))).not.toContain('bytes')
    log.close()
  })
})

describe('the log keeps the encoded form and decodes it once at restore', () => {
  // A schema that transforms: the id travels as a string, the time as an ISO string.
  const scoreEvents = { 'v1.ScoreNoted': { schema: Schema.Struct({ studentId: Schema.NumberFromString, at: Schema.DateFromString, score: Schema.Number }) } }
  type Noted = { studentId: number; at: Date; score: number }
  const scores = defineProjection<Noted[]>({
    id: 'scores',
    initial: [],
    reducers: { 'v1.ScoreNoted': (state, event: LogEvent<Noted>) => [...state, event.payload] },
  })
  const catalogue = buildCatalogue([{ id: 'scores', events: scoreEvents, projections: [scores] }])
  const open = (dbName: string) => createEventStore({ dbName, catalogue, classify, online: false })

  it('an event whose schema transforms (a number from a string, a date from a string) shows the same after a reload', async () => {
    const dbName = `encoded-test-${Math.random()}`
    const before = open(dbName)
    await before.ready
    before.append('v1.ScoreNoted', { studentId: 42, at: new Date('2026-03-01T08:30:00.000Z'), score: 9 })
    await before.flushed()
    const shown = before.getSnapshot().views.scores
    expect(shown).toEqual([{ studentId: 42, at: new Date('2026-03-01T08:30:00.000Z'), score: 9 }])
    before.dispose()
    await before.flushed()

    const stored = await openEventLog(dbName)
    expect((await stored.readRecords()).map((r) => (r.value as LogEvent).payload)).toEqual([{ studentId: '42', at: '2026-03-01T08:30:00.000Z', score: 9 }])
    stored.close()

    const after = open(dbName)
    await after.ready
    expect(after.getSnapshot().quarantined).toBe(0)
    expect(after.getSnapshot().views.scores).toEqual(shown)
    after.dispose()
  })
})
