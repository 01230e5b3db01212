import type { ProfileUpdate } from '../../contracts/api.ts'
import type { UserInfo } from '../../contracts/entities.ts'
import { callApi, problemOf } from '../api/client.ts'
import type { Command, PayloadOf } from '../events/events.ts'
import { createEventStore, type Delivery, type EventStore } from '../events/store.ts'
import { accountIdOf, storageKeys } from '../session/storage.ts'

/**
 * The event store for the signed-in teacher's profile edits (commands go through the outbox).
 * `deliver` is the API side of the outbox: one command → one call carrying its Idempotency-Key.
 */
export const profileCommands = { update: 'v1.ProfileUpdateRequested', uploadImage: 'v1.ProfileImageUploadRequested' } as const

export type ImagePayload = PayloadOf<'v1.ProfileImageUploadRequested'>

export const deliverCommand = async (command: Command, idempotencyKey: string): Promise<Delivery> => {
  try {
    let result: UserInfo
    if (command.name === profileCommands.update) {
      const { expectedVersion: _version, ...fields } = command.payload
      const payload: ProfileUpdate = fields
      result = await callApi((c) => c.account.updateProfile({ payload }), { idempotencyKey })
    } else {
      result = await callApi((c) => c.account.uploadProfileImage({ payload: command.payload.bytes }), { idempotencyKey })
    }
    return { kind: 'confirmed', result }
  } catch (error) {
    const problem = problemOf(error)
    // No network, no answer in time, or no valid session (signed out meanwhile): the outbox pauses
    // and the edit waits in the log — a teacher's work is never rolled back for a transport reason.
    if (problem.code === 503 || problem.code === 408 || problem.status === 401) return { kind: 'offline' }
    return { kind: 'rejected', code: problem.code, message: problem.message }
  }
}

let store: EventStore | null = null
let storeOwner: string | null = null
let detach: (() => void) | null = null

/**
 * One store per account and page life, created when a page first needs it (the sign-in page never
 * loads it). Each account has its own IndexedDB log, so a shared classroom computer never sends
 * one teacher's pending edits with another teacher's session.
 */
export const getEventStore = (): EventStore => {
  const owner = accountIdOf(localStorage.getItem(storageKeys.accessToken)) ?? 'signed-out'
  if (store !== null && storeOwner !== owner) disposeEventStore()
  if (store === null) {
    storeOwner = owner
    store = createEventStore({ dbName: `fasl-events:${owner}`, deliver: deliverCommand, online: navigator.onLine })
    const current = store
    const sync = () => current.setOnline(navigator.onLine)
    window.addEventListener('online', sync)
    window.addEventListener('offline', sync)
    sync()
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
