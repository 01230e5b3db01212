import { updateProfile, uploadProfileImage } from './commands.ts'
import { profileEvents } from './events.ts'
import { profileProjection } from './projection.ts'

/** What the profile gives the event store (see plugin.ts, which loads this lazily). */
export const events = profileEvents
export const projections = [profileProjection]
export const commands = [updateProfile, uploadProfileImage]
