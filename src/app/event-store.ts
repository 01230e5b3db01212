import { problemOf } from '../api/client.ts'
import { type Catalogue, loadCatalogue } from '../events/catalogue.ts'
import { createEventStore, type Delivery, type EventStore } from '../events/store.ts'
import { accountIdOf, storageKeys } from '../session/storage.ts'
import { eventPlugins } from './event-plugins.ts'

let catalogue: Promise<Catalogue> | null = null
/** Every plugin's events, projections and commands (loaded on first use; boot provides the plugins): the store runs them without knowing any by name. */
export const eventCatalogue = (): Promise<Catalogue> => (catalogue ??= loadCatalogue(eventPlugins()))

/**
 * A failed delivery, as the outbox sees it. No network, no answer in time, no valid session (signed
 * out meanwhile): wait — a teacher's work is never rolled back for a transport reason. HTTP 409 is
 * the server still running the same Idempotency-Key: wait too, never a refusal (the edit may well
 * be applied). 503 (the database unreachable) and a gateway's 502 / 504 (the server down or slow)
 * wait as well, as "unavailable": the server's trouble, which the banner says apart from a network
 * that is off. Any other 5xx (a 500: the server failed on this command) decided nothing
 * either — the server rolls a failed call back and frees its key — but asking forever would hold
 * back every command behind it: "failed", asked again a few times, then set aside for the user's
 * retry or discard (a gateway's passing 500 page is over after one retry). Anything else is the
 * server's answer: a refusal.
 */
export const classifyFailure = (error: unknown): Exclude<Delivery, { kind: 'confirmed' }> => {
  const problem = problemOf(error)
  if (problem.status === 409) return { kind: 'retry' }
  if (problem.unreachable === true || problem.code === 408 || problem.status === 401) return { kind: 'offline' }
  if (problem.status === 502 || problem.status === 503 || problem.status === 504) return { kind: 'unavailable' }
  if (problem.status >= 500) return { kind: 'failed', code: problem.code, message: problem.message }
  // A validation refusal (105) keeps its field messages, so the form can mark the fields.
  return Object.keys(problem.fields).length > 0
    ? { kind: 'rejected', code: problem.code, message: problem.message, fields: problem.fields }
    : { kind: 'rejected', code: problem.code, message: problem.message }
}

let store: EventStore | null = null
let storeOwner: string | null = null
let detach: (() => void) | null = null

/**
 * One store per account and page life, created when a page first needs it (the sign-in page never
 * loads it). Each account has its own IndexedDB log, lock and tab channel, so a shared classroom
 * computer never sends one teacher's pending edits with another teacher's session.
 */
/**
 * Device-wide stores of earlier versions, whose contents belonged to whoever was signed in then:
 * deleted unread (a recording in `fasl-pending-recordings` must never become another student's answer).
 */
const legacyDeviceStores = ['fasl-pending-recordings']
let legacyDropped = false
const dropLegacyDeviceStores = () => {
  if (legacyDropped || typeof indexedDB === 'undefined') return
  legacyDropped = true
  for (const name of legacyDeviceStores) indexedDB.deleteDatabase(name)
}

export const getEventStore = (): EventStore => {
  dropLegacyDeviceStores()
  const owner = accountIdOf(localStorage.getItem(storageKeys.accessToken)) ?? 'signed-out'
  if (store !== null && storeOwner !== owner) disposeEventStore()
  if (store === null) {
    storeOwner = owner
    store = createEventStore({ dbName: `fasl-events:${owner}`, catalogue: eventCatalogue(), classify: classifyFailure, online: navigator.onLine })
    const current = store
    const sync = () => current.setOnline(navigator.onLine)
    window.addEventListener('online', sync)
    window.addEventListener('offline', sync)
    detach = () => {
      window.removeEventListener('online', sync)
      window.removeEventListener('offline', sync)
    }
  }
  return store
}

export const disposeEventStore = () => {
  detach?.()
  store?.dispose()
  store = null
  detach = null
}
