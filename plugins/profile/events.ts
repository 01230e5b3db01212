import { Schema } from 'effect'
import { ProfileFields } from './contract/account-api.ts'
import { UserInfo } from '../../contracts/entities.ts'
import type { EventCatalogue } from '../../src/events/types.ts'

/** v2: the version the edit was made against is required (null only for edits migrated from v1, which never sent one). */
export const ProfileUpdateRequested = Schema.Struct({ ...ProfileFields.fields, expectedVersion: Schema.NullOr(Schema.Int) })
export type ProfileUpdateRequested = typeof ProfileUpdateRequested.Type

/** v2: the picture's bytes live in the file store; the event names them by id. */
export const ProfileImageUploadRequested = Schema.Struct({ fileId: Schema.String, type: Schema.String, size: Schema.Number })
export type ProfileImageUploadRequested = typeof ProfileImageUploadRequested.Type

export const UserInfoLoaded = Schema.Struct({ userInfo: UserInfo })
export type UserInfoLoaded = typeof UserInfoLoaded.Type

/** The teacher's answer to "changed elsewhere": send hers again on top of theirs, or keep theirs. */
export const ProfileConflictResolved = Schema.Struct({ commandId: Schema.String, choice: Schema.Literals(['mine', 'theirs']) })
export type ProfileConflictResolved = typeof ProfileConflictResolved.Type

const v1Update = Schema.Struct({ ...ProfileFields.fields, expectedVersion: Schema.optional(Schema.Number) })
const v1Image = Schema.Struct({ bytes: Schema.Uint8Array, type: Schema.String, size: Schema.Number })

export const profileEventNames = {
  updateRequested: 'v2.ProfileUpdateRequested',
  imageUploadRequested: 'v2.ProfileImageUploadRequested',
  userInfoLoaded: 'v1.UserInfoLoaded',
  conflictResolved: 'v1.ProfileConflictResolved',
} as const

/**
 * The profile's events. Published names are never edited; v1 records (written by the app before
 * the store was generic) restore through their upcasters.
 */
export const profileEvents: EventCatalogue = {
  'v1.ProfileUpdateRequested': {
    schema: v1Update,
    upcast: {
      to: profileEventNames.updateRequested,
      // v1 made the version optional and the app never filled it in: no check is the honest reading.
      payload: ({ expectedVersion, ...fields }: typeof v1Update.Type): ProfileUpdateRequested => ({ ...fields, expectedVersion: expectedVersion ?? null }),
    },
  },
  'v1.ProfileImageUploadRequested': {
    schema: v1Image,
    upcast: {
      to: profileEventNames.imageUploadRequested,
      // The bytes move to the file store under the event's id, so running this twice stores them once.
      payload: async ({ bytes, type, size }: typeof v1Image.Type, { eventId, putFile }): Promise<ProfileImageUploadRequested> => ({
        fileId: await putFile(eventId, bytes),
        type,
        size,
      }),
    },
  },
  [profileEventNames.updateRequested]: { schema: ProfileUpdateRequested },
  [profileEventNames.imageUploadRequested]: { schema: ProfileImageUploadRequested },
  [profileEventNames.userInfoLoaded]: { schema: UserInfoLoaded },
  [profileEventNames.conflictResolved]: { schema: ProfileConflictResolved },
}
