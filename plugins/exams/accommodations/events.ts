import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import { UpdateAccommodation } from '../contract/accommodations.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/** A teacher's change of a student's extra time: kept in the event store and sent once by the outbox (the Idempotency-Key is the event's id). */
export const accommodationEventNames = { updateRequested: 'v1.AccommodationUpdateRequested' } as const

/** The change and the class room whose list shows it (the record its lifecycle is kept under). */
export const AccommodationUpdateRequested = Schema.Struct({ classRoomId: Id, ...UpdateAccommodation.fields })
export type AccommodationUpdateRequested = typeof AccommodationUpdateRequested.Type

export const accommodationEvents: EventCatalogue = {
  [accommodationEventNames.updateRequested]: { schema: AccommodationUpdateRequested },
}
