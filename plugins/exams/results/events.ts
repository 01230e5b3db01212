import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/**
 * The results' one write, publishing: kept in the event store and sent once by the outbox (the
 * command's id is the call's Idempotency-Key), so a network fault neither loses nor repeats it.
 */
export const examResultsEventNames = { publishRequested: 'v1.ExamResultsPublishRequested' } as const

/** The exam to publish, with its title for the messages that name it. */
export const ExamResultsRef = Schema.Struct({ examId: Id, title: Schema.String })
export type ExamResultsRef = typeof ExamResultsRef.Type

export const examResultsCommandNames: ReadonlyArray<string> = Object.values(examResultsEventNames)

export const examResultsEvents: EventCatalogue = { [examResultsEventNames.publishRequested]: { schema: ExamResultsRef } }
