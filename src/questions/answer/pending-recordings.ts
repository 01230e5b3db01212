import { openDB } from 'idb'

/**
 * Recordings not yet sent, kept in IndexedDB until the server has them: a student who records
 * offline (or whose upload fails, or who reloads meanwhile) loses nothing. One per question of a
 * work (`<scope>:<question>`); a newer recording replaces the one waiting. Only what is not stored
 * yet is kept, so the device holds at most a few recordings of about 1.5 MB.
 */
const database = () =>
  openDB('fasl-pending-recordings', 1, {
    upgrade: (db) => void db.createObjectStore('recordings'),
  })

export const keepRecording = async (key: string, recording: Blob) => {
  const db = await database()
  await db.put('recordings', recording, key)
  db.close()
}

export const pendingRecording = async (key: string): Promise<Blob | undefined> => {
  const db = await database()
  const found = (await db.get('recordings', key)) as Blob | undefined
  db.close()
  return found
}

export const forgetRecording = async (key: string) => {
  const db = await database()
  await db.delete('recordings', key)
  db.close()
}
