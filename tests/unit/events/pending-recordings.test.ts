import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** What the app reads of the browser, on Node: one localStorage shared by whoever signs in. */
const items = new Map<string, string>()
const globals = globalThis as unknown as Record<string, unknown>
const tokenOf = (accountId: string) => `h.${btoa(JSON.stringify({ sub: accountId }))}.s`
const signIn = (accountId: string) => items.set('accessToken', tokenOf(accountId))
const signOut = () => items.delete('accessToken')

beforeAll(() => {
  globals.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  globals.window = { addEventListener: () => undefined, removeEventListener: () => undefined }
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true })
})
afterAll(() => {
  delete globals.localStorage
  delete globals.window
  Reflect.deleteProperty(globalThis, 'navigator')
})

const bytesOf = async (blob: Blob | undefined) => (blob === undefined ? undefined : [...new Uint8Array(await blob.arrayBuffer())])

describe("a student's unsent recording stays hers on a shared computer", () => {
  it("recorded offline by A, then B signs in on the same browser: B sees nothing of A's; A finds hers again at her next sign-in", async () => {
    const { pendingRecordingsOf } = await import('../../../src/questions/answer/pending-recordings.ts')
    const { disposeEventStore, getEventStore } = await import('../../../src/app/event-store.ts')
    // What the signed-in frame provides each page: the store of whoever is signed in at that moment.
    const recordings = () => pendingRecordingsOf(getEventStore())
    const keepRecording = (key: string, recording: Blob) => recordings().keep(key, recording)
    const pendingRecording = (key: string) => recordings().pending(key)
    const forgetRecording = (key: string) => recordings().forget(key)
    const key = 'homework-7:question-2' // the same homework and question for both students

    signIn('student-a')
    await keepRecording(key, new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }))
    expect(await bytesOf(await pendingRecording(key))).toEqual([1, 2, 3])
    signOut()
    disposeEventStore()

    signIn('student-b')
    expect(await pendingRecording(key)).toBeUndefined()
    signOut()

    // Kept with A's unsent work, as her pending commands are: back for her, and only for her.
    signIn('student-a')
    const hers = await pendingRecording(key)
    expect(await bytesOf(hers)).toEqual([1, 2, 3])
    expect(hers?.type).toBe('audio/webm')
    await forgetRecording(key)
    expect(await pendingRecording(key)).toBeUndefined()
    disposeEventStore()
  })

  it('a recording left in the old device-wide store (fasl-pending-recordings) is deleted, never offered for upload', async () => {
    const { disposeEventStore } = await import('../../../src/app/event-store.ts')
    disposeEventStore()
    const legacy = await openDB('fasl-pending-recordings', 1, { upgrade: (db) => void db.createObjectStore('recordings') })
    await legacy.put('recordings', new Blob([new Uint8Array([9])]), 'homework-7:question-3')
    legacy.close()
    // A fresh page (module state reset), a student signs in and opens the question.
    const { vi } = await import('vitest')
    vi.resetModules()
    const { pendingRecordingsOf } = await import('../../../src/questions/answer/pending-recordings.ts')
    const { getEventStore } = await import('../../../src/app/event-store.ts')
    signIn('student-b')
    expect(await pendingRecordingsOf(getEventStore()).pending('homework-7:question-3')).toBeUndefined()
    await expect.poll(async () => (await indexedDB.databases()).map((d) => d.name)).not.toContain('fasl-pending-recordings')
    const { disposeEventStore: dispose } = await import('../../../src/app/event-store.ts')
    dispose()
  })
})
