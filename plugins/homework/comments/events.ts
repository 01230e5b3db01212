import { PostMyPrivateComment, PostPrivateComment } from '../contract/private-comments.ts'
import type { EventCatalogue } from '../../../src/events/types.ts'

/** Private comments posted on this device: kept in the event store and sent once by the outbox (the Idempotency-Key is the event's id). */
export const privateCommentEventNames = {
  myPostRequested: 'v1.MyPrivateCommentPostRequested',
  postRequested: 'v1.PrivateCommentPostRequested',
} as const

export const privateCommentCommandNames: ReadonlySet<string> = new Set(Object.values(privateCommentEventNames))

export const privateCommentEvents: EventCatalogue = {
  [privateCommentEventNames.myPostRequested]: { schema: PostMyPrivateComment },
  [privateCommentEventNames.postRequested]: { schema: PostPrivateComment },
}

/** A thread's key in the store's records: the student's own side has no student id in its commands. */
export const threadKey = (homeworkId: number, studentId: number | null): string => `${homeworkId}:${studentId ?? 'me'}`
