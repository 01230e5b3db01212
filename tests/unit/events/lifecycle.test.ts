import 'fake-indexeddb/auto'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { maxFailedAttempts } from '../../../machines/outbox.machine.ts'
import { buildCatalogue } from '../../../src/events/catalogue.ts'
import { openEventLog } from '../../../src/events/log.ts'
import { type EventStore, createEventStore } from '../../../src/events/store.ts'
import { defineCommand, defineProjection, type Lifecycle } from '../../../src/events/types.ts'
import { classify, Refused, serverFailure, settled, whenSnapshot } from './fixtures.ts'

/**
 * The store owns the command lifecycle once (src/events/lifecycle.ts, fold.ts): a feature declares
 * which commands its view reads and gets where each stands, with no reducer for the store's events.
 */
const Saved = Schema.Struct({ record: Schema.String, version: Schema.NullOr(Schema.Number), text: Schema.String, attachments: Schema.Unknown })
type Saved = typeof Saved.Type

/** A feature with one command and a projection that folds no event at all: its view is the store's lifecycle. */
function fixture() {
  const versions = new Map<string, number>()
  const received: Array<{ text: string; bytes: number[] }> = []
  /** The texts the server fails on (a 500) while they are here. */
  const failOn = new Set(['boom'])
  const save = defineCommand<Saved, { record: string; version: number }>({
    event: 'v1.NoteSaveRequested',
    deliver: async (payload, { file }) => {
      if (payload.text === 'refuse') throw new Refused(142)
      if (failOn.has(payload.text)) throw serverFailure()
      const fileIds = JSON.stringify(payload.attachments).match(/file-[\w-]+|[0-9a-f]{8}-[0-9a-f-]{27}/gu) ?? []
      received.push({ text: payload.text, bytes: (await Promise.all(fileIds.map(file))).flatMap((bytes) => [...bytes]) })
      const version = (versions.get(payload.record) ?? 0) + 1
      versions.set(payload.record, version)
      return { record: payload.record, version }
    },
  })
  const notes = defineProjection<null, Lifecycle<Saved>>({
    id: 'fixture.notes',
    initial: null,
    reducers: {},
    lifecycle: { commands: [save.event], recordOf: (command) => (command.payload as Saved).record },
    view: (_, lifecycle) => lifecycle,
  })
  const catalogue = buildCatalogue([
    {
      id: 'fixture',
      events: { 'v1.NoteSaveRequested': { schema: Saved }, 'v1.NoteTyped': { schema: Schema.Struct({ text: Schema.String }) } },
      projections: [notes],
      commands: [save],
    },
  ])
  return { save, catalogue, received, failOn }
}

let n = 0
const freshDb = () => `lifecycle-test-${++n}-${Math.random()}`
const open = (catalogue: ReturnType<typeof fixture>['catalogue'], dbName: string, online = true, tabsName?: string) =>
  createEventStore({ dbName, catalogue, classify, online, random: () => 0, ...(tabsName ? { tabsName } : {}) })
const notesOf = (store: EventStore) => store.getSnapshot().views['fixture.notes'] as Lifecycle<Saved>
const note = (text: string, record = 'a', attachments: unknown = null): Saved => ({ record, version: null, text, attachments })

describe('the store owns the command lifecycle; a feature reads it', () => {
  it('a command confirmed, refused or set aside shows in a feature whose projection folds none of the store’s events', async () => {
    const { save, catalogue } = fixture()
    const store = open(catalogue, freshDb())
    await store.ready
    const first = store.dispatch(save, note('first'))
    const refused = store.dispatch(save, note('refuse'))
    const failing = store.dispatch(save, note('boom', 'b'))
    const second = store.dispatch(save, note('second'))
    expect(notesOf(store).unanswered.map((c) => c.id)).toEqual([first, refused, failing, second])
    await whenSnapshot(store, ({ sync }) => sync.pending.length === 0 && sync.setAside.length === 1 && sync.status === 'idle')
    const view = notesOf(store)
    expect(view.answers.map((a) => [a.command.id, a.kind])).toEqual([
      [first, 'confirmed'],
      [refused, 'refused'],
      [second, 'confirmed'],
    ])
    expect(view.lastRefusal).toMatchObject({ command: { id: refused }, code: 142 })
    // Set aside after its failed tries: not answered, still shown (its change stays applied) until discarded.
    expect(store.getSnapshot().sync.setAside).toMatchObject([{ command: { id: failing } }])
    expect(view.unanswered.map((c) => c.id)).toEqual([failing])
    // This device's own versions and newest answer, per record, from the answers' `version`.
    expect(view.ownVersions).toEqual({ a: [1, 2] })
    expect(view.latest).toEqual({ a: { record: 'a', version: 2 } })
    store.discardCommand(failing)
    await whenSnapshot(store, () => notesOf(store).unanswered.length === 0)
    expect(notesOf(store).answers).toHaveLength(3)
    store.dispose()
  })

  it(`a set-aside command (after ${maxFailedAttempts} failures) retried and confirmed reads as confirmed, once`, async () => {
    const { save, catalogue, failOn } = fixture()
    const store = open(catalogue, freshDb())
    await store.ready
    const failing = store.dispatch(save, note('boom'))
    await whenSnapshot(store, ({ sync }) => sync.setAside.length === 1 && sync.status === 'idle')
    expect(notesOf(store).answers).toEqual([])
    // The server takes it now: the same payload, sent again.
    failOn.clear()
    store.retryCommand(failing)
    await settled(store)
    expect(notesOf(store).answers.map((a) => [a.command.id, a.kind])).toEqual([[failing, 'confirmed']])
    expect(notesOf(store).unanswered).toEqual([])
    expect(store.getSnapshot().sync.setAside).toEqual([])
    store.dispose()
  })

  it('compaction drops answered commands with their answers and keeps unanswered ones', async () => {
    const { save, catalogue } = fixture()
    const dbName = freshDb()
    const before = open(catalogue, dbName)
    await before.ready
    before.dispatch(save, note('sent'))
    await settled(before)
    before.setOnline(false)
    const waiting = before.dispatch(save, note('waiting', 'b'))
    await before.flushed()
    before.dispose()
    const after = open(catalogue, dbName, false)
    await whenSnapshot(after, ({ leader }) => leader)
    expect(after.getSnapshot().events.map((e) => e.id)).toEqual([waiting])
    after.dispose()
  })
})

describe('files a command refers to', () => {
  it('a file named deep in a payload is kept until its command settles, then compacted away with it', async () => {
    const { save, catalogue, received } = fixture()
    const dbName = freshDb()
    const first = open(catalogue, dbName)
    await first.ready
    // An answered command, so the next leader's compaction has something to drop (and sweeps the files).
    first.dispatch(save, note('answered', 'b'))
    await settled(first)
    first.setOnline(false)
    const fileId = await first.putFile(new Uint8Array([1, 2, 3]))
    first.dispatch(save, note('with a recording', 'a', { answers: [{ question: 'q1', answer: { type: 9, recordings: [{ fileId }] } }] }))
    await first.flushed()
    first.dispose()

    // A new leader compacts: the command is unanswered, so its file stays (and reaches the server).
    const second = open(catalogue, dbName, false)
    await whenSnapshot(second, ({ leader }) => leader)
    expect(second.getSnapshot().events.map((e) => (e.payload as Saved).text)).toEqual(['with a recording'])
    const log = await openEventLog(dbName)
    expect(await log.getFile(fileId)).toEqual(new Uint8Array([1, 2, 3]))
    log.close()
    second.setOnline(true)
    await settled(second)
    expect(received).toEqual([
      { text: 'answered', bytes: [] },
      { text: 'with a recording', bytes: [1, 2, 3] },
    ])
    second.dispose()
    await second.flushed()

    // Settled: the next compaction drops the command, and the file with it.
    const third = open(catalogue, dbName)
    await whenSnapshot(third, ({ leader }) => leader)
    await third.flushed()
    third.dispose()
    await third.flushed()
    const after = await openEventLog(dbName)
    expect(await after.getFile(fileId)).toBeUndefined()
    after.close()
  })
})

describe('one order on every tab', () => {
  it('two tabs fold the log in its sequence, whatever order their messages arrive in', async () => {
    const { catalogue } = fixture()
    const dbName = freshDb()
    const tabsName = `tabs-${dbName}`
    const a = open(catalogue, dbName, false, tabsName)
    const b = open(catalogue, dbName, false, tabsName)
    await Promise.all([a.ready, b.ready])
    a.append('v1.NoteTyped', { text: 'a1' })
    b.append('v1.NoteTyped', { text: 'b1' })
    a.append('v1.NoteTyped', { text: 'a2' })
    b.append('v1.NoteTyped', { text: 'b2' })
    await Promise.all([a.flushed(), b.flushed()])
    const texts = (store: EventStore) => store.getSnapshot().events.map((e) => (e.payload as { text: string }).text)
    await whenSnapshot(a, () => texts(a).length === 4)
    await whenSnapshot(b, () => texts(b).length === 4)
    const log = await openEventLog(dbName)
    const stored = (await log.readRecords()).map((r) => (r.value as { payload: { text: string } }).payload.text)
    log.close()
    expect(texts(a)).toEqual(stored)
    expect(texts(b)).toEqual(stored)

    // A message that arrives late (a sequence below ones already shown) is folded at its place.
    const channel = new BroadcastChannel(`${tabsName}:log`)
    const late = (text: string, seq: number) => ({ type: 'appended', event: { id: `late-${text}`, name: 'v1.NoteTyped', payload: { text }, at: 0 }, seq })
    channel.postMessage(late('tenth', 10))
    channel.postMessage(late('fifth', 5))
    await whenSnapshot(a, () => texts(a).length === 6)
    expect(texts(a)).toEqual([...stored, 'fifth', 'tenth'])
    channel.close()
    a.dispose()
    b.dispose()
  })
})
