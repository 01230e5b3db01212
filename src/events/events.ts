import { Schema } from 'effect'
import { UserInfo } from '../../contracts/entities.ts'
import { ProfileUpdate } from '../../contracts/api/account.ts'

/**
 * The client's event catalogue. Names carry a version; a published schema is never edited — a
 * changed payload becomes `v2.<Name>` and projections learn both.
 */
export const eventPayloads = {
  /** The teacher saved the profile form. `expectedVersion` lets the server spot an offline edit of stale data. */
  'v1.ProfileUpdateRequested': Schema.Struct({ ...ProfileUpdate.fields, expectedVersion: Schema.optional(Schema.Number) }),
  /** The teacher picked a new profile picture; the bytes travel in the log so a reload keeps them. */
  'v1.ProfileImageUploadRequested': Schema.Struct({ bytes: Schema.Uint8Array, type: Schema.String, size: Schema.Number }),
  /** The server accepted a command; `result` is its answer (for profile commands, the new UserInfo). */
  'v1.CommandConfirmed': Schema.Struct({ commandId: Schema.String, result: Schema.Unknown }),
  /** The server refused a command; `code` is the envelope's error code, `message` its text. */
  'v1.CommandRejected': Schema.Struct({ commandId: Schema.String, code: Schema.Union([Schema.String, Schema.Number]), message: Schema.String }),
  /** A server read: GET /GetUserInfo answered. */
  'v1.UserInfoLoaded': Schema.Struct({ userInfo: UserInfo }),
} as const

export type EventName = keyof typeof eventPayloads
export type PayloadOf<N extends EventName> = (typeof eventPayloads)[N]['Type']

/** Events that ask the server to change something; the outbox delivers them. */
export const commandNames = ['v1.ProfileUpdateRequested', 'v1.ProfileImageUploadRequested'] as const satisfies ReadonlyArray<EventName>
export type CommandName = (typeof commandNames)[number]

/** One entry of the log. `id` is client-generated; for commands it is the Idempotency-Key. */
export type LogEvent<N extends EventName = EventName> = N extends EventName
  ? { readonly id: string; readonly name: N; readonly payload: PayloadOf<N>; readonly at: number }
  : never

export type Command = LogEvent<CommandName>

export const isCommand = (event: LogEvent): event is Command => (commandNames as ReadonlyArray<string>).includes(event.name)

/** Builds an event, checking its payload against the schema (so a bad payload never reaches the log). */
export function makeEvent<N extends EventName>(name: N, payload: PayloadOf<N>, options: { id?: string; at?: number } = {}): LogEvent<N> {
  const decoded = Schema.decodeUnknownSync(eventPayloads[name] as unknown as Schema.Codec<PayloadOf<N>, unknown>)(payload)
  return { id: options.id ?? crypto.randomUUID(), name, payload: decoded, at: options.at ?? Date.now() } as LogEvent<N>
}
