import { updateAccommodation } from './accommodations/commands.ts'
import { accommodationEvents } from './accommodations/events.ts'
import { accommodationsProjection } from './accommodations/projection.ts'

/** What exams give the event store (plugin.ts loads this lazily). */
export const events = { ...accommodationEvents }
export const projections = [accommodationsProjection]
export const commands = [updateAccommodation]
