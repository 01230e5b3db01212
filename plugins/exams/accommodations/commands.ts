import type { StudentAccommodation } from '../contract/accommodations.ts'
import { callApi } from '../../../src/api/client.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { accommodationEventNames, type AccommodationUpdateRequested } from './events.ts'

/** Accommodations/UpdateStudentAccommodation. */
export const updateAccommodation = defineCommand<AccommodationUpdateRequested, StudentAccommodation>({
  event: accommodationEventNames.updateRequested,
  stream: 'accommodations',
  deliver: ({ studentId, extraTimePercent }, { idempotencyKey }) =>
    callApi((c) => c.examAccommodations.updateAccommodation({ payload: { studentId, extraTimePercent } }), { idempotencyKey }),
})
