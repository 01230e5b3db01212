import { Schema } from 'effect'
import { rebaseVersion } from '../../src/events/rebase-version.ts'
import { UserInfo } from '../../contracts/entities.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import type { Confirmed, Rejected } from '../../src/events/catalogue.ts'
import { defineProjection, type LogEvent } from '../../src/events/types.ts'
import { profileEventNames as names, type ProfileConflictResolved, type ProfileUpdateRequested, type UserInfoLoaded } from './events.ts'

export interface Rejection {
  readonly commandId: string
  readonly commandName: string
  readonly code: string | number
  readonly message: string
  /** A validation refusal's messages by field (code 105), when the server gave them. */
  readonly fields: Readonly<Record<string, string>>
}

/** An edit the server refused because the profile changed elsewhere; the teacher chooses. */
export interface Conflict {
  readonly commandId: string
  readonly mine: ProfileUpdateRequested
  readonly message: string
}

export interface ProfileView {
  /** The last profile the server gave, with the still-unanswered updates applied on top (optimistic). */
  readonly profile: UserInfo | null
  /** What the server gave last, without this device's pending edits. */
  readonly confirmed: UserInfo | null
  /** Profile commands the server has not answered yet. */
  readonly pendingCount: number
  /** The newest refusal (not a conflict), so the page can say what was rolled back and why. */
  readonly lastRejection: Rejection | null
  /** The oldest unresolved "changed elsewhere" refusal. */
  readonly conflict: Conflict | null
  /** The newest profile edit the server accepted (the page says "Saved" for it). */
  readonly lastSaved: string | null
  /** Versions this device's own saves produced: an edit made before them is not "stale" because of them. */
  readonly ownVersions: ReadonlyArray<number>
}

interface ProfileState {
  readonly confirmed: UserInfo | null
  readonly pending: ReadonlyArray<LogEvent>
  readonly lastRejection: Rejection | null
  readonly conflicts: ReadonlyArray<Conflict>
  readonly ownVersions: ReadonlyArray<number>
  readonly lastSaved: string | null
}

const isUserInfo = Schema.is(UserInfo)
const dropPending = (state: ProfileState, commandId: string) => state.pending.filter((c) => c.id !== commandId)

/**
 * The expected version to send: the one the edit was made against, moved past the versions this
 * device's own earlier saves produced (an image upload before an edit is not a conflict).
 */
export const rebaseExpectedVersion = (expected: number | null, ownVersions: ReadonlyArray<number>): number | null =>
  expected === null ? null : rebaseVersion(expected, ownVersions)

const answeredId = (event: LogEvent) => (event as Confirmed | Rejected).payload.commandId

export const profileProjection = defineProjection<ProfileState, ProfileView>({
  id: 'profile',
  initial: { confirmed: null, pending: [], lastRejection: null, conflicts: [], ownVersions: [], lastSaved: null },
  reducers: {
    [names.userInfoLoaded]: (state, event: LogEvent<UserInfoLoaded>) => ({ ...state, confirmed: event.payload.userInfo }),
    [names.updateRequested]: (state, event) => ({ ...state, pending: [...state.pending, event] }),
    [names.imageUploadRequested]: (state, event) => ({ ...state, pending: [...state.pending, event] }),
    'v1.CommandConfirmed': (state, event: Confirmed) => {
      const command = state.pending.find((c) => c.id === event.payload.commandId)
      if (!command) return state
      const saved = command.name === names.updateRequested ? { lastSaved: command.id, lastRejection: null } : {}
      const { result } = event.payload
      // Profile commands answer with the saved UserInfo: it becomes the new confirmed base.
      if (!isUserInfo(result)) return { ...state, ...saved, pending: dropPending(state, event.payload.commandId) }
      return {
        ...state,
        ...saved,
        pending: dropPending(state, event.payload.commandId),
        confirmed: result,
        ownVersions: [...state.ownVersions, result.version],
      }
    },
    'v1.CommandRejected': (state, event: Rejected) => {
      const command = state.pending.find((c) => c.id === event.payload.commandId)
      if (!command) return state
      const { commandId, code, message, fields = {} } = event.payload
      // Dropping the command is the rollback: the optimistic change is simply no longer applied.
      const pending = dropPending(state, commandId)
      if (code === ResponseCode.changedElsewhere && command.name === names.updateRequested)
        return { ...state, pending, conflicts: [...state.conflicts, { commandId, mine: command.payload as ProfileUpdateRequested, message }] }
      return {
        ...state,
        pending,
        lastSaved: state.lastSaved === null || command.name !== names.updateRequested ? state.lastSaved : null,
        lastRejection: { commandId, commandName: command.name, code, message, fields },
      }
    },
    [names.conflictResolved]: (state, event: LogEvent<ProfileConflictResolved>) => ({
      ...state,
      conflicts: state.conflicts.filter((c) => c.commandId !== event.payload.commandId),
    }),
  },
  view: (state) => {
    let profile = state.confirmed
    if (profile) {
      // Rebase: pending edits apply on top of whatever the server said last.
      for (const command of state.pending)
        if (command.name === names.updateRequested) {
          const { expectedVersion: _expected, ...fields } = command.payload as ProfileUpdateRequested
          profile = { ...profile, ...fields }
        }
    }
    return {
      profile,
      confirmed: state.confirmed,
      pendingCount: state.pending.length,
      lastRejection: state.lastRejection,
      conflict: state.conflicts[0] ?? null,
      ownVersions: state.ownVersions,
      lastSaved: state.lastSaved,
    }
  },
  identity: (view) => (view.profile ? { name: `${view.profile.firstName} ${view.profile.lastName}`.trim(), image: view.profile.image } : null),
  compactable: compactableProfileEvents,
})

/**
 * Ids safe to drop: commands answered before the newest UserInfoLoaded, with their answers, and the
 * older UserInfoLoaded events. Kept always: unanswered commands (the teacher's work), a
 * "changed elsewhere" refusal the teacher has not resolved yet, and this device's confirmed saves a
 * waiting save still rebases over (dropped, it was refused as "changed elsewhere" by its own edits).
 */
export function compactableProfileEvents(events: ReadonlyArray<LogEvent>): string[] {
  const newestLoad = events.findLastIndex((e) => e.name === names.userInfoLoaded)
  if (newestLoad < 0) return []
  const before = events.slice(0, newestLoad)
  const profileCommands = new Set(before.filter((e) => e.name === names.updateRequested || e.name === names.imageUploadRequested).map((e) => e.id))
  const resolved = new Set(before.filter((e) => e.name === names.conflictResolved).map((e) => (e.payload as ProfileConflictResolved).commandId))
  // A waiting save rebases its expected version over this device's own saves (rebaseExpectedVersion):
  // the confirmations of versions above the oldest one a waiting save was made against must stay.
  const answeredAnywhere = new Set(events.filter((e) => e.name === 'v1.CommandConfirmed' || e.name === 'v1.CommandRejected').map(answeredId))
  const waitingFrom = Math.min(
    ...events
      .filter((e) => e.name === names.updateRequested && !answeredAnywhere.has(e.id))
      .map((e) => (e.payload as { expectedVersion: number | null }).expectedVersion ?? Infinity),
  )
  const stillNeeded = (e: LogEvent) => (((e as Confirmed).payload.result as { version?: number } | null)?.version ?? -Infinity) > waitingFrom
  const answered = new Set<string>()
  for (const e of before) {
    if (e.name === 'v1.CommandConfirmed' && profileCommands.has(answeredId(e)) && !stillNeeded(e)) answered.add(answeredId(e))
    if (e.name === 'v1.CommandRejected' && profileCommands.has(answeredId(e))) {
      const conflict = (e as Rejected).payload.code === ResponseCode.changedElsewhere
      if (!conflict || resolved.has(answeredId(e))) answered.add(answeredId(e))
    }
  }
  return before
    .filter((e) => {
      if (e.name === names.userInfoLoaded) return true
      if (e.name === 'v1.CommandConfirmed' || e.name === 'v1.CommandRejected') return answered.has(answeredId(e))
      if (e.name === names.conflictResolved) return answered.has((e.payload as ProfileConflictResolved).commandId)
      return answered.has(e.id)
    })
    .map((e) => e.id)
}
