import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { myPrivateComments, postMyPrivateComment, postPrivateComment, privateComments } from './private-comments.ts'

/** The student's side of private comments. */
export const StudentPrivateCommentsHandlers = HttpApiBuilder.group(FaslApi, 'studentPrivateComments', (handlers) =>
  handlers
    .handle('myPrivateComments', ({ query }) => Effect.map(myPrivateComments(query.HomeworkID), ok))
    .handle('postMyPrivateComment', ({ payload }) => Effect.map(postMyPrivateComment(payload), ok)),
)

/** The teachers' side. */
export const PrivateCommentsHandlers = HttpApiBuilder.group(FaslApi, 'privateComments', (handlers) =>
  handlers
    .handle('privateComments', ({ query }) => Effect.map(privateComments(query.HomeworkID, query.StudentID), ok))
    .handle('postPrivateComment', ({ payload }) => Effect.map(postPrivateComment(payload), ok)),
)
