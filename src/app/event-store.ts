import { problemOf } from '../api/client.ts'
import { type Catalogue, loadCatalogue } from '../events/catalogue.ts'
import { createEventStore, type Delivery, type EventStore } from '../events/store.ts'
import { plugins } from '../plugins.ts'
import { accountIdOf, storageKeys } from '../session/storage.ts'

let catalogue: Promise<Catalogue> | null = null
/** Every plugin's events, projections and commands (loaded on first use): the store runs them without knowing any by name. */
export const eventCatalogue = (): Promise<Catalogue> => (catalogue ??= loadCatalogue(plugins))

/**
 * A failed delivery, as the outbox sees it. No network, no answer in time, no valid session (signed
 * out meanwhile): wait — a teacher's work is never rolled back for a transport reason. HTTP 409 is
 * the server still running the same Idempotency-Key: wait too, never a refusal (the edit may well
 * be applied). Any 5xx (a gateway's 502 while the server restarts, a 500 page, 503, 504) decided
 * nothing either: the server rolls a failed call back and frees its key, so asking again is safe
 * (the fault-injection soak lost edits to gateway 500/502 answers read as refusals). Anything else
 * is the server's answer: a refusal.
 */
export const classifyFailure = (error: unknown): Exclude<Delivery, { kind: 'confirmed' }> => {
  const problem = problemOf(error)
  if (problem.status === 409) return { kind: 'retry' }
  if (problem.code === 503 || problem.code === 408 || problem.status === 401 || problem.status >= 500) return { kind: 'offline' }
  // A validation refusal (105) keeps its field messages, so the form can mark the fields.
  return Object.keys(problem.fields).length > 0 ? { kind: 'rejected', code: problem.code, message: problem.message, fields: problem.fields } : { kind: 'rejected', code: problem.code, message: problem.message }
}

let store: EventStore | null = null
let storeOwner: string | null = null
let detach: (() => void) | null = null

/**
 * One store per account and page life, created when a page first needs it (the sign-in page never
 * loads it). Each account has its own IndexedDB log, lock and tab channel, so a shared classroom
 * computer never sends one teacher's pending edits with another teacher's session.
 */
export const getEventStore = (): EventStore => {
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
