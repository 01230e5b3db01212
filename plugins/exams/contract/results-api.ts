import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { ExamIdBody } from './exam.ts'
import { correctionCatalogue } from './correction-codes.ts'
import { ExamResults, ExamResultsList, latestResultsDays, MyExamResult } from './results.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

/** The results as a CSV file, with a header naming it as an attachment. */
const ResultsCsv = HttpApiSchema.WithHeaders(Schema.String.pipe(HttpApiSchema.asText({ contentType: 'text/csv; charset=utf-8' })), {
  'content-disposition': Schema.String,
})

/** The teacher's side of an exam's results: read them (any time from under correction on), publish them, export them. Her own exams only (404 otherwise). */
export class ExamResultsGroup extends HttpApiGroup.make('examResults')
  .add(
    HttpApiEndpoint.get('examResultsList', '/Results/GetExamResultsList', {
      success: Envelope(ExamResultsList),
      ...errors,
    }).annotateMerge(
      describe(
        `Her exams whose time is over, newest end first: the latest (under correction, done, published in the last ${latestResultsDays} days) and the archive (published before). Exams whose end has passed are closed for correction first.`,
      ),
    ),
    HttpApiEndpoint.get('examResults', '/Results/GetExamResults', {
      query: { ExamID: IdFromString },
      success: Envelope(ExamResults),
      ...errors,
    }).annotateMerge(
      describe(
        "Her exam's results per class room and student (a student who never started is absent, no mark) and per question its facility and discrimination index. Final mark: split mode, her corrector's marks (else the automatic scores); double marking, the markers' scores weighted by their percentages, the supervisor's settled scores winning.",
      ),
    ),
    HttpApiEndpoint.post('publishExamResults', '/Results/PublishExamResults', {
      payload: ExamIdBody,
      success: Envelope(ExamResults),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe('Publishes the results of her done exam (done → published): each student then sees her own. Not done 243.')),
    HttpApiEndpoint.get('exportExamResults', '/Results/ExportExamResults', {
      query: { ExamID: IdFromString },
      success: ResultsCsv,
      ...errors,
    }).annotateMerge(
      describe("Her exam's results as a CSV file (UTF-8 with a byte-order mark, headings in the caller's language): one row per student, by class room."),
    ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotate(FeatureCatalogue, correctionCatalogue)
  .annotateMerge(OpenApi.annotations({ title: 'Exam results', description: "The teacher's results of her exams: read, publish, export" })) {}

/** A student's own results, of published exams only. */
export class MyExamResultsGroup extends HttpApiGroup.make('myExamResults')
  .add(
    HttpApiEndpoint.get('myExamResults', '/Results/GetMyExamResults', {
      success: Envelope(Schema.Array(MyExamResult)),
      ...errors,
    }).annotateMerge(
      describe(
        "The caller's own results of her published exams, latest first: her final mark and her score per question, never the answer key; nothing of an exam before it is published.",
      ),
    ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Student'))
  .annotateMerge(OpenApi.annotations({ title: 'My exam results', description: 'A student sees her own published exam results' })) {}
