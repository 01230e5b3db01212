import { defineProjection, type Lifecycle } from '../../../src/events/types.ts'
import { accommodationEventNames, type AccommodationUpdateRequested } from './events.ts'

export interface AccommodationRefusal {
  readonly commandId: string
  readonly classRoomId: number
  readonly studentId: number
  readonly message: string
}

export interface AccommodationsView {
  readonly lastRefusal: AccommodationRefusal | null
  /** How many changes the server has answered: the list is read again after each. */
  readonly answered: number
}

export const accommodationsView = (lifecycle: Lifecycle<AccommodationUpdateRequested>): AccommodationsView => {
  const refusal = lifecycle.lastRefusal
  return {
    lastRefusal:
      refusal === null
        ? null
        : {
            commandId: refusal.command.id,
            classRoomId: refusal.command.payload.classRoomId,
            studentId: refusal.command.payload.studentId,
            message: refusal.message,
          },
    answered: lifecycle.answers.length,
  }
}

/** The changes' lifecycle (no domain events of their own), kept per class room. */
export const accommodationsProjection = defineProjection<null, AccommodationsView>({
  id: 'accommodations',
  initial: null,
  reducers: {},
  lifecycle: {
    commands: [accommodationEventNames.updateRequested],
    recordOf: (command) => String((command.payload as AccommodationUpdateRequested).classRoomId),
  },
  view: (_, lifecycle) => accommodationsView(lifecycle as Lifecycle<AccommodationUpdateRequested>),
})
