import type { UserInfo } from '../../contracts/entities.ts'
import { callApi } from '../../src/api/client.ts'
import { defineCommand } from '../../src/events/types.ts'
import { profileEventNames, type ProfileImageUploadRequested, type ProfileUpdateRequested } from './events.ts'
import { rebaseExpectedVersion, type ProfileView } from './projection.ts'

/** Saves the profile form: POST /api/Account/UpdateProfile with the version the edit was made against. */
export const updateProfile = defineCommand<ProfileUpdateRequested, UserInfo>({
  event: profileEventNames.updateRequested,
  deliver: ({ expectedVersion, ...fields }, { idempotencyKey, view }) => {
    const payload = { ...fields, expectedVersion: rebaseExpectedVersion(expectedVersion, view<ProfileView>('profile').ownVersions) }
    return callApi((c) => c.account.updateProfile({ payload }), { idempotencyKey })
  },
})

/** Uploads the picture kept in the file store: POST /api/Account/UploadProfileImage. */
export const uploadProfileImage = defineCommand<ProfileImageUploadRequested, UserInfo>({
  event: profileEventNames.imageUploadRequested,
  deliver: async ({ fileId }, { idempotencyKey, file }) => {
    const bytes = await file(fileId)
    return callApi((c) => c.account.uploadProfileImage({ payload: bytes }), { idempotencyKey })
  },
})
