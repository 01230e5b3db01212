import type { EventStore } from '../../events/store.ts'

/**
 * Recordings not yet sent, kept on the device until the server has them: a student who records
 * offline (or whose upload fails, or who reloads meanwhile) loses nothing. One per question of a
 * work (`<scope>:<question>`); a newer recording replaces the one waiting.
 *
 * They live in the signed-in account's own store (its event store's kept files, the store the page
 * has from context), never in a device-wide one: on a shared computer another student never sees,
 * nor sends, them. Like the account's unsent commands they outlast a sign-out, for the same
 * account's next sign-in.
 */
export interface PendingRecordings {
  keep(key: string, recording: Blob): Promise<void>
  pending(key: string): Promise<Blob | undefined>
  forget(key: string): Promise<void>
}

const keyOf = (key: string) => `recording:${key}`

export const pendingRecordingsOf = (store: Pick<EventStore, 'keepFile' | 'keptFile' | 'forgetFile'>): PendingRecordings => ({
  keep: (key, recording) => store.keepFile(keyOf(key), recording),
  pending: (key) => store.keptFile(keyOf(key)),
  forget: (key) => store.forgetFile(keyOf(key)),
})
