import { Schema } from 'effect'
import { UserInfo } from '../../contracts/entities.ts'
import type { Command, EventName, LogEvent, PayloadOf } from './events.ts'

export interface Rejection {
  readonly commandId: string
  readonly commandName: string
  readonly code: string | number
  readonly message: string
}

export interface ProfileView {
  /** The last profile the server gave, with the still-unanswered updates applied on top (optimistic). */
  readonly profile: UserInfo | null
  /** Profile commands the server has not answered yet. */
  readonly pendingCount: number
  /** The newest refusal, so the page can say what was rolled back and why. */
  readonly lastRejection: Rejection | null
}

interface ProfileState {
  readonly confirmed: UserInfo | null
  readonly pending: ReadonlyArray<Command>
  readonly lastRejection: Rejection | null
}

type Reducer<S> = { readonly [N in EventName]?: (state: S, event: LogEvent<N>) => S }

const isUserInfo = Schema.is(UserInfo)
const dropPending = (state: ProfileState, commandId: string) => state.pending.filter((c) => c.id !== commandId)

/** The profile projection: a pure map from event name to what the event does. */
export const profileReducers: Reducer<ProfileState> = {
  'v1.UserInfoLoaded': (state, event) => ({ ...state, confirmed: event.payload.userInfo }),
  'v1.ProfileUpdateRequested': (state, event) => ({ ...state, pending: [...state.pending, event] }),
  'v1.ProfileImageUploadRequested': (state, event) => ({ ...state, pending: [...state.pending, event] }),
  'v1.CommandConfirmed': (state, event) => {
    if (!state.pending.some((c) => c.id === event.payload.commandId)) return state
    const { result } = event.payload
    // Profile commands answer with the saved UserInfo: it becomes the new confirmed base.
    return { ...state, pending: dropPending(state, event.payload.commandId), confirmed: isUserInfo(result) ? result : state.confirmed }
  },
  'v1.CommandRejected': (state, event) => {
    const command = state.pending.find((c) => c.id === event.payload.commandId)
    if (!command) return state
    const { commandId, code, message } = event.payload
    // Dropping the command is the rollback: the optimistic change is simply no longer applied.
    return { ...state, pending: dropPending(state, commandId), lastRejection: { commandId, commandName: command.name, code, message } }
  },
}

const applyUpdate = (profile: UserInfo, update: PayloadOf<'v1.ProfileUpdateRequested'>): UserInfo => {
  const { expectedVersion: _expected, ...fields } = update
  return { ...profile, ...fields }
}

export function reduce<S>(reducers: Reducer<S>, initial: S, events: Iterable<LogEvent>): S {
  let state = initial
  for (const event of events) {
    const reducer = reducers[event.name] as ((s: S, e: LogEvent) => S) | undefined
    if (reducer) state = reducer(state, event)
  }
  return state
}

export function profileProjection(events: Iterable<LogEvent>): ProfileView {
  const state = reduce(profileReducers, { confirmed: null, pending: [], lastRejection: null }, events)
  let profile = state.confirmed
  if (profile) {
    // Rebase: pending edits apply on top of whatever the server said last.
    for (const command of state.pending) if (command.name === 'v1.ProfileUpdateRequested') profile = applyUpdate(profile, command.payload)
  }
  return { profile, pendingCount: state.pending.length, lastRejection: state.lastRejection }
}
