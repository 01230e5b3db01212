import 'fake-indexeddb/auto'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../../src/events/catalogue.ts'
import { createEventStore } from '../../../src/events/store.ts'
import { defineCommand, defineProjection } from '../../../src/events/types.ts'
import { definePlugin } from '../../../src/plugin-host/define-plugin.ts'
import { plugins } from '../../../src/plugins.ts'
import { classify, Refused, settled } from './fixtures.ts'

const NoteAdded = Schema.Struct({ text: Schema.String })
const NoteShared = Schema.Struct({ noteText: Schema.String, to: Schema.String })

/** A feature the store has never heard of: its own event, projection and two commands on two streams. */
function notesPlugin(server: { slowAnswers: Array<() => void>; shared: string[] }) {
  const shareSlowly = defineCommand<typeof NoteShared.Type, { sharedWith: string }>({
    event: 'v1.NoteShareRequested',
    stream: 'notes.sharing',
    deliver: ({ to }) => new Promise((resolve) => server.slowAnswers.push(() => resolve({ sharedWith: to }))),
  })
  const publish = defineCommand<typeof NoteAdded.Type, { published: string }>({
    event: 'v1.NotePublishRequested',
    deliver: async ({ text }) => {
      if (text === 'refuse me') throw new Refused(142)
      server.shared.push(text)
      return { published: text }
    },
  })
  const notes = defineProjection<ReadonlyArray<string>>({
    id: 'fixture.notes',
    initial: [],
    reducers: {
      'v1.NoteAdded': (state, event) => [...state, (event.payload as typeof NoteAdded.Type).text],
      'v1.NotePublishRequested': (state, event) => [...state, `publishing ${(event.payload as typeof NoteAdded.Type).text}`],
    },
  })
  return definePlugin({
    id: 'fixture',
    routes: [],
    messages: { en: async () => ({ default: {} }), ar: async () => ({ default: {} }) },
    events: { 'v1.NoteAdded': { schema: NoteAdded }, 'v1.NoteShareRequested': { schema: NoteShared }, 'v1.NotePublishRequested': { schema: NoteAdded } },
    projections: [notes],
    commands: [shareSlowly, publish],
  })
}

describe('a plugin declares its events, projections and commands; the store runs them', () => {
  it('the store is built from the plugin list: the app plugins (declared lazily) and a fixture plugin side by side', async () => {
    const catalogue = await loadCatalogue([...plugins, notesPlugin({ slowAnswers: [], shared: [] })])
    expect(catalogue.projections.map((p) => p.id)).toEqual(expect.arrayContaining(['profile', 'fixture.notes']))
    expect(catalogue.commands.get('v1.NotePublishRequested')?.stream).toBe('fixture')
    expect(catalogue.commands.get('v1.NoteShareRequested')?.stream).toBe('notes.sharing')
    expect(catalogue.commands.get('v2.ProfileUpdateRequested')?.stream).toBe('profile')
  })

  it('refuses two plugins declaring the same event or projection', async () => {
    const server = { slowAnswers: [], shared: [] }
    await expect(loadCatalogue([notesPlugin(server), { ...notesPlugin(server), id: 'copy' }])).rejects.toThrow(/declared twice/)
  })

  it("one stream's slow or refused command does not hold up another stream", async () => {
    const server = { slowAnswers: [] as Array<() => void>, shared: [] as string[] }
    // As the app opens it: the catalogue still loading while the first events are appended.
    const store = createEventStore({
      dbName: `fixture-${Math.random()}`,
      catalogue: loadCatalogue([...plugins, notesPlugin(server)]),
      classify,
      random: () => 0,
    })
    store.append('v1.NoteAdded', { text: 'hello' })
    store.append('v1.NoteAdded', { text: 42 }) // refused by its schema once the declarations are there
    await store.ready
    store.append('v1.NoteShareRequested', { noteText: 'hello', to: 'parents' }) // waits for its answer
    store.append('v1.NotePublishRequested', { text: 'refuse me' })
    store.append('v1.NotePublishRequested', { text: 'world' })
    await expect.poll(() => server.shared).toEqual(['world'])
    const names = () => store.getSnapshot().events.map((e) => e.name)
    await expect
      .poll(() => names().filter((n) => n === 'v1.CommandConfirmed' || n === 'v1.CommandRejected'))
      .toEqual(['v1.CommandRejected', 'v1.CommandConfirmed'])
    expect(store.getSnapshot().sync.pending.map((e) => e.name)).toEqual(['v1.NoteShareRequested'])
    expect(store.getSnapshot().views['fixture.notes']).toEqual(['hello', 'publishing refuse me', 'publishing world'])

    server.slowAnswers[0]!()
    await settled(store)
    const confirmed = store
      .getSnapshot()
      .events.filter((e) => e.name === 'v1.CommandConfirmed')
      .map((e) => (e.payload as { result: unknown }).result)
    expect(confirmed).toEqual([{ published: 'world' }, { sharedWith: 'parents' }])
    store.dispose()
  })
})
