import { versionOf } from '../../src/events/fold.ts'
import { readWithPending, type ReadModel } from '../../src/events/read-model.ts'
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

const profileCommands: ReadonlyArray<string> = [names.updateRequested, names.imageUploadRequested]
const isConflict = (answer: Answer) =>
  answer.kind === 'refused' && answer.code === ResponseCode.changedElsewhere && answer.command.name === names.updateRequested

/**
 * The expected version to send: the one the edit was made against, moved past the versions this
 * device's own earlier saves produced (an image upload before an edit is not a conflict).
 */
export const rebaseExpectedVersion = (expected: number | null, ownVersions: ReadonlyArray<number>): number | null =>
  expected === null ? null : rebaseVersion(expected, ownVersions)

/** A waiting edit applied to the profile: its fields replace the ones before it (an image upload changes nothing until answered). */
const applyEdit = (profile: UserInfo, command: LogEvent): UserInfo => {
  if (command.name !== names.updateRequested) return profile
  const { expectedVersion: _expected, ...fields } = command.payload as ProfileUpdateRequested
  return { ...profile, ...fields }
}

/**
 * The profile as a page shows it (read-model.ts, one model): the newer of `read` (the server's) and
 * the newest answer this device's own saves got, with the edits still waiting applied on top. `read`
 * is the one the log keeps: the page puts each of its reads there (the newest version stays), so the
 * page, the top bar and an offline visit see one profile. Null before anything was read or answered.
 */
const profileModel = (read: UserInfo | null, lifecycle: Lifecycle): ReadModel<UserInfo> | null =>
  readWithPending(read ?? (lifecycle.latest[''] as UserInfo | undefined) ?? null, lifecycle, '', applyEdit)

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
  const model = profileModel(state.loaded, lifecycle)
  const conflicts = lifecycle.answers.filter((answer) => isConflict(answer) && !state.resolved.has(answer.command.id))
  const conflict = conflicts[0]
  return {
    profile: model?.value ?? null,
    confirmed: model?.confirmed ?? null,
    pendingCount: lifecycle.unanswered.length,
    ...outcomeOf(lifecycle.answers),
    conflict: conflict
      ? { commandId: conflict.command.id, mine: conflict.command.payload as ProfileUpdateRequested, message: (conflict as { message: string }).message }
      : null,
    ownVersions: lifecycle.ownVersions[''] ?? [],
  }
}

const loadedInfo = (event: LogEvent) => (event.payload as UserInfoLoaded).userInfo
/** The read the log keeps: the newest version (on a tie the later), whatever order the reads came in. */
const keptLoadIn = (events: ReadonlyArray<LogEvent>): number => {
  let kept = -1
  events.forEach((e, index) => {
    if (e.name === names.userInfoLoaded && (kept < 0 || loadedInfo(e).version >= loadedInfo(events[kept]!).version)) kept = index
  })
  return kept
}
/** Whether the read the log keeps covers this answer: read after it, and of its version or a newer one. */
const coveredByRead = (answer: Answer, events: ReadonlyArray<LogEvent>): boolean => {
  const kept = keptLoadIn(events)
  if (kept < 0 || answer.at > kept) return false
  const version = answer.kind === 'confirmed' ? versionOf(answer.result) : null
  return version === null || version <= loadedInfo(events[kept]!).version
}

export const profileProjection = defineProjection<ProfileState, ProfileView>({
  id: 'profile',
  initial: { loaded: null, resolved: new Set() },
  reducers: {
    // The newest version read (a page may append a read older than one another tab appended).
    [names.userInfoLoaded]: (state, event: LogEvent<UserInfoLoaded>) =>
      state.loaded !== null && state.loaded.version > event.payload.userInfo.version ? state : { ...state, loaded: event.payload.userInfo },
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
      !coveredByRead(answer, events) ||
      (isConflict(answer) && !events.some((e) => e.name === names.conflictResolved && (e.payload as ProfileConflictResolved).commandId === answer.command.id)),
  },
  view: viewOf,
  identity: (view) => (view.profile ? { name: `${view.profile.firstName} ${view.profile.lastName}`.trim(), image: view.profile.image } : null),
  compactable: compactableProfileEvents,
})

/**
 * Its own events safe to drop: every read but the one kept (the newest version), and a resolved conflict's
 * resolution once the store drops the conflict (`dropping`). Answered commands are the store's to
 * drop (fold.ts), kept while the lifecycle above says the view still needs them.
 */
export function compactableProfileEvents(events: ReadonlyArray<LogEvent>, dropping: ReadonlySet<string>): string[] {
  const keptLoad = keptLoadIn(events)
  return events
    .filter(
      (e, index) =>
        (e.name === names.userInfoLoaded && index !== keptLoad) ||
        (e.name === names.conflictResolved && dropping.has((e.payload as ProfileConflictResolved).commandId)),
    )
    .map((e) => e.id)
}
