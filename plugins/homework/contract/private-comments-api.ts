import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { PostMyPrivateComment, PostPrivateComment, PrivateCommentThread } from './private-comments.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

const textRule = 'The text: 1 to 1000 characters once trimmed, no bidirectional controls (105 on `text`).'

/**
 * Private comments, the student's side: the thread on her own work on a homework aimed at her that
 * has started (as OpenHomework); anything else answers 404. Before and after handing in alike.
 */
export class StudentPrivateCommentsGroup extends HttpApiGroup.make('studentPrivateComments')
  .add(
    HttpApiEndpoint.get('myPrivateComments', '/Student/GetMyPrivateComments', {
      query: { HomeworkID: IdFromString },
      success: Envelope(PrivateCommentThread),
      ...errors,
    }).annotateMerge(describe('The private comments between her and the teachers of the class room on her work, oldest first.')),
    HttpApiEndpoint.post('postMyPrivateComment', '/Student/PostPrivateComment', {
      payload: PostMyPrivateComment,
      success: Envelope(PrivateCommentThread),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe(`Adds her comment to the thread on her work and answers the thread. ${textRule}`)),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateEndpointsMerge(allow('Student'))
  .annotateMerge(OpenApi.annotations({ title: 'Private comments (student)', description: 'A student and her teachers talk about her work' })) {}

/**
 * Private comments, the teachers' side: a teacher of the homework's class room (as the correction)
 * reads and adds to the thread on one targeted student's work; any other homework or student is 404.
 */
export class PrivateCommentsGroup extends HttpApiGroup.make('privateComments')
  .add(
    HttpApiEndpoint.get('privateComments', '/HomeWork/GetPrivateComments', {
      query: { HomeworkID: IdFromString, StudentID: IdFromString },
      success: Envelope(PrivateCommentThread),
      ...errors,
    }).annotateMerge(describe("The private comments between the student and her class room's teachers on her work, oldest first.")),
    HttpApiEndpoint.post('postPrivateComment', '/HomeWork/PostPrivateComment', {
      payload: PostPrivateComment,
      success: Envelope(PrivateCommentThread),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe(`Adds the teacher's comment to the thread on the student's work and answers the thread. ${textRule}`)),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'Private comments (teacher)', description: 'Teachers talk with a student about her work' })) {}
