import { Schema } from 'effect'
import { rebaseVersion } from '../../src/events/rebase-version.ts'
import { UserInfo } from '../../contracts/entities.ts'
import { ResponseCode } from '../../contracts/errors.ts'
import type { Answer } from '../../src/events/lifecycle.ts'
import { defineProjection, type Lifecycle, type LogEvent } from '../../src/events/types.ts'
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

/** What the profile's own events say: the newest read of the profile, and the conflicts the teacher resolved. */
interface ProfileState {
  readonly loaded: UserInfo | null
  readonly resolved: ReadonlySet<string>
}

const isUserInfo = Schema.is(UserInfo)
const profileCommands: ReadonlyArray<string> = [names.updateRequested, names.imageUploadRequested]
const isConflict = (answer: Answer) =>
  answer.kind === 'refused' && answer.code === ResponseCode.changedElsewhere && answer.command.name === names.updateRequested

/**
 * The expected version to send: the one the edit was made against, moved past the versions this
 * device's own earlier saves produced (an image upload before an edit is not a conflict).
 */
export const rebaseExpectedVersion = (expected: number | null, ownVersions: ReadonlyArray<number>): number | null =>
  expected === null ? null : rebaseVersion(expected, ownVersions)

/** The newest profile the server gave: a read or a save's answer, whichever is the newer version (a read on a tie: it says as much or more). */
const newestOf = (loaded: UserInfo | null, answers: ReadonlyArray<Answer>): UserInfo | null => {
  let newest = loaded
  for (const answer of answers)
    if (answer.kind === 'confirmed' && isUserInfo(answer.result) && (newest === null || answer.result.version > newest.version)) newest = answer.result
  return newest
}

/** The newest refusal that is not a conflict, and the newest save the server took, as the answers came. */
const outcomeOf = (answers: ReadonlyArray<Answer>): Pick<ProfileView, 'lastRejection' | 'lastSaved'> => {
  let lastRejection: Rejection | null = null
  let lastSaved: string | null = null
  for (const answer of answers) {
    const isUpdate = answer.command.name === names.updateRequested
    if (answer.kind === 'confirmed') {
      if (isUpdate) [lastSaved, lastRejection] = [answer.command.id, null]
    } else if (!isConflict(answer)) {
      const { command, code, message, fields } = answer
      lastRejection = { commandId: command.id, commandName: command.name, code, message, fields }
      if (isUpdate) lastSaved = null
    }
  }
  return { lastRejection, lastSaved }
}

const viewOf = (state: ProfileState, lifecycle: Lifecycle): ProfileView => {
  const confirmed = newestOf(state.loaded, lifecycle.answers)
  let profile = confirmed
  // Rebase: edits still unanswered apply on top of whatever the server said last.
  if (profile)
    for (const command of lifecycle.unanswered)
      if (command.name === names.updateRequested) {
        const { expectedVersion: _expected, ...fields } = command.payload as ProfileUpdateRequested
        profile = { ...profile, ...fields }
      }
  const conflicts = lifecycle.answers.filter((answer) => isConflict(answer) && !state.resolved.has(answer.command.id))
  const conflict = conflicts[0]
  return {
    profile,
    confirmed,
    pendingCount: lifecycle.unanswered.length,
    ...outcomeOf(lifecycle.answers),
    conflict: conflict
      ? { commandId: conflict.command.id, mine: conflict.command.payload as ProfileUpdateRequested, message: (conflict as { message: string }).message }
      : null,
    ownVersions: lifecycle.ownVersions[''] ?? [],
  }
}

const newestLoadIn = (events: ReadonlyArray<LogEvent>) => events.findLastIndex((e) => e.name === names.userInfoLoaded)

export const profileProjection = defineProjection<ProfileState, ProfileView>({
  id: 'profile',
  initial: { loaded: null, resolved: new Set() },
  reducers: {
    [names.userInfoLoaded]: (state, event: LogEvent<UserInfoLoaded>) => ({ ...state, loaded: event.payload.userInfo }),
    [names.conflictResolved]: (state, event: LogEvent<ProfileConflictResolved>) => ({
      ...state,
      resolved: new Set([...state.resolved, event.payload.commandId]),
    }),
  },
  lifecycle: {
    commands: profileCommands,
    // A waiting save rebases its expected version over this device's own saves above it (none without one).
    rebasedFrom: (command) => (command.name === names.updateRequested ? ((command.payload as ProfileUpdateRequested).expectedVersion ?? Infinity) : Infinity),
    // An answer no newer read covers is what the page shows; a conflict waits for the teacher's choice.
    keepAnswered: (answer, events) =>
      answer.at > newestLoadIn(events) ||
      (isConflict(answer) && !events.some((e) => e.name === names.conflictResolved && (e.payload as ProfileConflictResolved).commandId === answer.command.id)),
  },
  view: viewOf,
  identity: (view) => (view.profile ? { name: `${view.profile.firstName} ${view.profile.lastName}`.trim(), image: view.profile.image } : null),
  compactable: compactableProfileEvents,
})

/**
 * Its own events safe to drop: the reads older than the newest, and a resolved conflict's
 * resolution once the store drops the conflict (`dropping`). Answered commands are the store's to
 * drop (fold.ts), kept while the lifecycle above says the view still needs them.
 */
export function compactableProfileEvents(events: ReadonlyArray<LogEvent>, dropping: ReadonlySet<string>): string[] {
  const newestLoad = newestLoadIn(events)
  return events
    .filter(
      (e, index) =>
        (e.name === names.userInfoLoaded && index < newestLoad) ||
        (e.name === names.conflictResolved && dropping.has((e.payload as ProfileConflictResolved).commandId)),
    )
    .map((e) => e.id)
}
