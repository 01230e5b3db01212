import { updateAccommodation } from './accommodations/commands.ts'
import { accommodationEvents } from './accommodations/events.ts'
import { accommodationsProjection } from './accommodations/projection.ts'
import { examBuilderCommands } from './builder/commands.ts'
import { examBuilderEvents } from './builder/events.ts'
import { examBuilderProjection } from './builder/projection.ts'
import { examResultsCommands } from './results/commands.ts'
import { examResultsEvents } from './results/events.ts'
import { examResultsProjection } from './results/projection.ts'
import { finishExamSession, saveExamAnswers } from './take-exam/commands.ts'
import { takeExamEvents } from './take-exam/events.ts'
import { takeExamProjection } from './take-exam/projection.ts'
import { examCorrectionCommands } from './correction/commands.ts'
import { correctionEvents } from './correction/events.ts'
import { examCorrectionProjection } from './correction/projection.ts'

/** What exams give the event store (plugin.ts loads this lazily): extra time, the builder's writes, a student's exam writes. */
export const events = { ...accommodationEvents, ...examBuilderEvents, ...takeExamEvents, ...correctionEvents, ...examResultsEvents }
export const projections = [accommodationsProjection, examBuilderProjection, takeExamProjection, examCorrectionProjection, examResultsProjection]
export const commands = [updateAccommodation, ...examBuilderCommands, saveExamAnswers, finishExamSession, ...examCorrectionCommands, ...examResultsCommands]
