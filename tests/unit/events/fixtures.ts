import type { UserInfo } from '../../../contracts/entities.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import { updateProfile, uploadProfileImage } from '../../../plugins/profile/commands.ts'
import { profileEventNames, profileEvents, type ProfileUpdateRequested } from '../../../plugins/profile/events.ts'
import { profileProjection, rebaseExpectedVersion, type ProfileView } from '../../../plugins/profile/projection.ts'
import { buildCatalogue } from '../../../src/events/catalogue.ts'
import { compaction, project } from '../../../src/events/fold.ts'
import { ledgerOf } from '../../../src/events/lifecycle.ts'
import type { Delivery, EventStore } from '../../../src/events/store.ts'
import type { CommandSpec, LoadedEventParts, LogEvent } from '../../../src/events/types.ts'
import { isApiProblem, toProblem } from '../../../src/api/problem.ts'
import { classifyFailure } from '../../../src/app/event-store.ts'

export const userInfo: UserInfo = {
  id: 'u-1',
  firstName: 'Mona',
  lastName: 'Salem',
  email: 'mona@school.test',
  phone: null,
  image: null,
  preferredLanguage: 'ar',
  roles: ['Home'],
  userType: 'Teacher',
  version: 1,
}

let sequence = 0
export const event = <P>(name: string, payload: P, id = `e-${++sequence}`): LogEvent<P> => ({ id, name, payload, at: sequence })

export const fields = (firstName: string, email = 'mona@school.test') => ({
  firstName,
  lastName: 'Salem',
  email,
  phone: null,
  preferredLanguage: 'ar' as const,
})
export const update = (firstName: string, expectedVersion: number | null = 1, id?: string) =>
  event<ProfileUpdateRequested>(profileEventNames.updateRequested, { ...fields(firstName), expectedVersion }, id)
export const loaded = (info: UserInfo) => event(profileEventNames.userInfoLoaded, { userInfo: info })
export const confirmed = (commandId: string, result: unknown) => event('v1.CommandConfirmed', { commandId, result })
export const rejected = (commandId: string, code: number = 400, message = 'Email already used') => event('v1.CommandRejected', { commandId, code, message })
export const conflictRejected = (commandId: string) => rejected(commandId, ResponseCode.changedElsewhere, 'changed elsewhere')
export const profileView = (events: ReadonlyArray<LogEvent>): ProfileView => project(profileProjection, events)
/** What the store's compaction drops of a profile log (fold.ts), in log order. */
export const profileCompaction = (events: ReadonlyArray<LogEvent>): string[] => {
  const commands = new Set(profileProjection.lifecycle?.commands)
  const drop = compaction(
    events,
    ledgerOf(events, (name) => commands.has(name)),
    [profileProjection],
  )
  return events.filter((e) => drop.has(e.id)).map((e) => e.id)
}

/** Why a fake call failed, as `classify` reads it. */
export class Unanswered extends Error {
  constructor(readonly status: 409 | 503) {
    super(`unanswered ${status}`)
  }
}
export class Refused extends Error {
  constructor(readonly code: number) {
    super(`refused ${code}`)
  }
}
/** The server failed on a command (a 500 with the API's envelope): what the app's own classifier reads. */
export const serverFailure = () => toProblem({ kind: 'response', status: 500, code: 500, message: 'Internal error' }, 'en')
export const classify = (error: unknown): Exclude<Delivery, { kind: 'confirmed' }> => {
  if (isApiProblem(error)) return classifyFailure(error)
  if (error instanceof Unanswered) return error.status === 409 ? { kind: 'retry' } : { kind: 'offline' }
  if (error instanceof Refused) return { kind: 'rejected', code: error.code, message: error.message }
  return { kind: 'offline' }
}

/**
 * A fake account server for the profile's commands: applies each Idempotency-Key once, answers a
 * replay with the first answer, checks the expected version like the real one (code 139).
 */
export function fakeProfileServer() {
  let profile: UserInfo = { ...userInfo }
  let reachable = false
  let busyOnce = false
  let loseNextAnswer = false
  /** First names whose save the server fails on (a 500, every time): a command it cannot process. */
  const failingNames = new Set<string>()
  const answers = new Map<string, { ok: true; result: UserInfo } | { ok: false; code: number }>()
  const applied: Array<{ key: string; name: string }> = []
  const calls: string[] = []
  const run = async (key: string, name: string, apply: () => { ok: true; result: UserInfo } | { ok: false; code: number }) => {
    calls.push(key)
    if (!reachable) throw new Unanswered(503)
    if (busyOnce) {
      busyOnce = false
      applied.push({ key, name })
      answers.set(key, apply())
      throw new Unanswered(409) // still "in progress" for the caller, though applied
    }
    let answer = answers.get(key)
    if (!answer) {
      answer = apply() // a 500 thrown here rolls back: nothing applied, the key stays free
      applied.push({ key, name })
      answers.set(key, answer)
    }
    if (loseNextAnswer) {
      loseNextAnswer = false
      throw new Unanswered(503) // the request landed, the answer was lost on the way back
    }
    if (!answer.ok) throw new Refused(answer.code)
    return answer.result
  }
  const update: CommandSpec<ProfileUpdateRequested, UserInfo> = {
    ...updateProfile,
    deliver: ({ expectedVersion, ...edit }, { idempotencyKey, view }) =>
      run(idempotencyKey, updateProfile.event, () => {
        if (failingNames.has(edit.firstName)) throw serverFailure()
        if (edit.email.endsWith('@taken.test')) return { ok: false, code: 115 }
        const expected = rebaseExpectedVersion(expectedVersion, view<ProfileView>('profile').ownVersions)
        if (expected !== null && expected !== profile.version) return { ok: false, code: ResponseCode.changedElsewhere }
        profile = { ...profile, ...edit, version: profile.version + 1 }
        return { ok: true, result: profile }
      }),
  }
  const images: Uint8Array[] = []
  const upload: CommandSpec<{ fileId: string }, UserInfo> = {
    ...uploadProfileImage,
    deliver: async ({ fileId }, { idempotencyKey, file }) => {
      const bytes = await file(fileId)
      return run(idempotencyKey, uploadProfileImage.event, () => {
        images.push(bytes)
        profile = { ...profile, image: `/files/${images.length}.png`, version: profile.version + 1 }
        return { ok: true, result: profile }
      })
    },
  }
  const plugin: LoadedEventParts = { id: 'profile', events: profileEvents, projections: [profileProjection], commands: [update, upload] }
  return {
    plugin,
    catalogue: buildCatalogue([plugin]),
    applied,
    calls,
    images,
    get profile() {
      return profile
    },
    /** Another device saves the profile. */
    editElsewhere: (firstName: string) => void (profile = { ...profile, firstName, version: profile.version + 1 }),
    goOnline: () => void (reachable = true),
    goOffline: () => void (reachable = false),
    loseNextAnswer: () => void (loseNextAnswer = true),
    answerInProgressOnce: () => void (busyOnce = true),
    failOn: (firstName: string) => void failingNames.add(firstName),
    stopFailing: () => failingNames.clear(),
  }
}

/** Waits until every append is in IndexedDB and every outbox has nothing left to send. */
/** Resolves when the store's snapshot satisfies `done`: checked now and on each change it publishes. */
export function whenSnapshot(store: EventStore, done: (snapshot: ReturnType<EventStore['getSnapshot']>) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(store.getSnapshot())) return
      unsubscribe()
      resolve()
    }
    const unsubscribe = store.subscribe(check)
    check()
  })
}

/** Every append is in IndexedDB and every command answered: waits on the store's own signals, not on a clock. */
export async function settled(store: EventStore) {
  await store.flushed()
  await whenSnapshot(store, ({ sync }) => sync.pending.length === 0 && sync.status === 'idle')
  await store.flushed()
}
