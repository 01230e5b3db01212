import type { PostMyPrivateComment, PostPrivateComment, PrivateCommentThread } from '../contract/private-comments.ts'
import { callApi } from '../../../src/api/client.ts'
import { defineCommand } from '../../../src/events/types.ts'
import { privateCommentEventNames } from './events.ts'

/** The student's comment on her own work: Student/PostPrivateComment. */
export const postMyPrivateComment = defineCommand<PostMyPrivateComment, PrivateCommentThread>({
  event: privateCommentEventNames.myPostRequested,
  stream: 'privateComments',
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.studentPrivateComments.postMyPrivateComment({ payload }), { idempotencyKey }),
})

/** A teacher's comment on a student's work: HomeWork/PostPrivateComment. */
export const postPrivateComment = defineCommand<PostPrivateComment, PrivateCommentThread>({
  event: privateCommentEventNames.postRequested,
  stream: 'privateComments',
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.privateComments.postPrivateComment({ payload }), { idempotencyKey }),
})
