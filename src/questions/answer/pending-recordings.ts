import { getEventStore } from '../../app/event-store.ts'

/**
 * Recordings not yet sent, kept on the device until the server has them: a student who records
 * offline (or whose upload fails, or who reloads meanwhile) loses nothing. One per question of a
 * work (`<scope>:<question>`); a newer recording replaces the one waiting.
 *
 * They live in the signed-in account's own store (its event store's kept files), never in a
 * device-wide one: on a shared computer another student never sees, nor sends, them. Like the
 * account's unsent commands they outlast a sign-out, for the same account's next sign-in.
 */
const keyOf = (key: string) => `recording:${key}`

export const keepRecording = (key: string, recording: Blob): Promise<void> => getEventStore().keepFile(keyOf(key), recording)

export const pendingRecording = (key: string): Promise<Blob | undefined> => getEventStore().keptFile(keyOf(key))

export const forgetRecording = (key: string): Promise<void> => getEventStore().forgetFile(keyOf(key))
