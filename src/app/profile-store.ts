import type { ProfileUpdate } from '../../contracts/api.ts'
import type { UserInfo } from '../../contracts/entities.ts'
import { callApi, problemOf } from '../api/client.ts'
import { createEventStore } from '../events/store.ts'

/**
 * The event store for the signed-in teacher's profile edits (commands go through the outbox).
 * `deliver` is the API side of the outbox: one command → one call carrying its Idempotency-Key.
 */
export const profileCommands = { update: 'v1.ProfileUpdateRequested', uploadImage: 'v1.ProfileImageUploadRequested' } as const

export interface ImagePayload {
  readonly bytes: Uint8Array
  readonly type: string
  readonly size: number
}

type Delivery = { kind: 'confirmed'; result: unknown } | { kind: 'rejected'; code: number; message: string } | { kind: 'offline' }

export const deliverCommand = async (command: { readonly name: string; readonly payload: unknown }, idempotencyKey: string): Promise<Delivery> => {
  try {
    let result: UserInfo
    if (command.name === profileCommands.update) {
      result = await callApi((c) => c.account.updateProfile({ payload: command.payload as ProfileUpdate }), { idempotencyKey })
    } else if (command.name === profileCommands.uploadImage) {
      const image = command.payload as ImagePayload
      result = await callApi((c) => c.account.uploadProfileImage({ payload: image.bytes }), { idempotencyKey })
    } else {
      return { kind: 'rejected', code: 0, message: `Unknown command ${command.name}` }
    }
    return { kind: 'confirmed', result }
  } catch (error) {
    const problem = problemOf(error)
    // No network or no answer in time: the outbox pauses and retries; the edit is not lost.
    if (problem.code === 503 || problem.code === 408) return { kind: 'offline' }
    return { kind: 'rejected', code: problem.code, message: problem.message }
  }
}

export type EventStore = ReturnType<typeof createEventStore>

let store: EventStore | null = null
let detach: (() => void) | null = null

/** One store per page life, created when a page first needs it (the sign-in page never loads it). */
export const getEventStore = (): EventStore => {
  if (store === null) {
    store = createEventStore({ dbName: 'fasl-events', deliver: deliverCommand })
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
