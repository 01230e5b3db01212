import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, Unauthorized } from '../../../contracts/failures.ts'
import { Id } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { CorrectorCandidate } from './exam-views.ts'

/** A grade (educational stage) the caller teaches in, named in her language, with her class rooms of it. */
export const BuilderStage = Schema.Struct({ id: Id, name: Schema.String, classRoomIds: Schema.Array(Id) })
export type BuilderStage = typeof BuilderStage.Type

/** What a new exam is built from: the grades she teaches in and the teachers of her school who may correct (they hold the Exams role). */
export const ExamBuilderOptions = Schema.Struct({ stages: Schema.Array(BuilderStage), candidates: Schema.Array(CorrectorCandidate) })
export type ExamBuilderOptions = typeof ExamBuilderOptions.Type

/** The builder's choices, read once when it opens (Fasl's addition to the spec's calls). */
export class ExamBuilderOptionsGroup extends HttpApiGroup.make('examBuilderOptions')
  .add(
    HttpApiEndpoint.get('examBuilderOptions', '/ExamBuilder/GetExamBuilderOptions', {
      success: Envelope(ExamBuilderOptions),
      error: failures(Unauthorized, Forbidden),
    }).annotateMerge(
      OpenApi.annotations({
        description:
          "The grades the caller teaches in (each with her class rooms of it, names in the caller's language) and the teachers of her school who may be named correctors (holding the Exams role), for a new exam.",
      }),
    ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotateMerge(OpenApi.annotations({ title: 'Exam builder choices', description: 'What a new exam is built from' })) {}
