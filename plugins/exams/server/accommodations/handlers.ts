import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { classRoomAccommodations, updateAccommodation } from './accommodations.ts'

/** Students' standing extra time for timed exams. */
export const ExamAccommodationsHandlers = HttpApiBuilder.group(FaslApi, 'examAccommodations', (handlers) =>
  handlers
    .handle('classRoomAccommodations', ({ query }) => Effect.map(classRoomAccommodations(query.ClassRoomID), ok))
    .handle('updateAccommodation', ({ payload }) => Effect.map(updateAccommodation(payload), ok)),
)
