import type { PostMyPrivateComment, PostPrivateComment } from '../contract/private-comments.ts'
import { defineProjection, type Lifecycle } from '../../../src/events/types.ts'
import { privateCommentCommandNames, threadKey } from './events.ts'

export type CommentPost = PostMyPrivateComment | (PostPrivateComment & { readonly studentId: number })

export interface PrivateCommentRefusal {
  readonly commandId: string
  readonly key: string
  readonly text: string
  readonly message: string
}

export interface PrivateCommentsView {
  readonly lastRefusal: PrivateCommentRefusal | null
  readonly answered: number
}

/** The record a post writes: its thread. */
export const threadOfPost = (post: CommentPost): string => threadKey(post.homeworkId, 'studentId' in post ? post.studentId : null)

/** The posts' lifecycle (no domain events of its own): pages read the waiting posts and newest answered thread per record from the store's lifecycle. */
export const privateCommentsView = (lifecycle: Lifecycle<CommentPost>): PrivateCommentsView => {
  const refusal = lifecycle.lastRefusal
  return {
    lastRefusal:
      refusal === null
        ? null
        : { commandId: refusal.command.id, key: threadOfPost(refusal.command.payload), text: refusal.command.payload.text, message: refusal.message },
    answered: lifecycle.answers.length,
  }
}

export const privateCommentsProjection = defineProjection<null, PrivateCommentsView>({
  id: 'privateComments',
  initial: null,
  reducers: {},
  lifecycle: { commands: [...privateCommentCommandNames], recordOf: (command) => threadOfPost(command.payload as CommentPost) },
  view: (_, lifecycle) => privateCommentsView(lifecycle),
})
