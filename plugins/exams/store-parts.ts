import { updateAccommodation } from './accommodations/commands.ts'
import { accommodationEvents } from './accommodations/events.ts'
import { accommodationsProjection } from './accommodations/projection.ts'
import { finishExamSession, saveExamAnswers } from './take-exam/commands.ts'
import { takeExamEvents } from './take-exam/events.ts'
import { takeExamProjection } from './take-exam/projection.ts'

/** What exams give the event store (plugin.ts loads this lazily): extra time, a student's exam writes. */
export const events = { ...accommodationEvents, ...takeExamEvents }
export const projections = [accommodationsProjection, takeExamProjection]
export const commands = [updateAccommodation, saveExamAnswers, finishExamSession]
