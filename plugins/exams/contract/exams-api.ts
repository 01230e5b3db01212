import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { AssignedExamsQuery, CorrectorExamsQuery, TeacherExamsQuery } from './exam.ts'
import { CorrectorExamSummary, ExamInfo, ExamSummary } from './exam-views.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

/**
 * The exam lists (exam service, supplementary spec §7 "Exams/…"): the teacher's own, the supervising
 * corrector's exams waiting for approval, the corrector's. The lists are POST, as the spec writes
 * them; they change nothing.
 */
export class ExamsGroup extends HttpApiGroup.make('exams')
  .add(
    HttpApiEndpoint.post('teacherExams', '/Exams/GetTeacherExams', {
      payload: TeacherExamsQuery,
      success: Envelope(Schema.Array(ExamSummary)),
      ...errors,
    }).annotateMerge(
      describe(
        "The caller's own exams, soonest first: `tab` upcoming (not yet under correction), underCorrection, or previous (done or published, latest first); `status` narrows to one status.",
      ),
    ),
    HttpApiEndpoint.post('teacherAssignedExams', '/Exams/GetTeacherAssingedExams', {
      payload: AssignedExamsQuery,
      success: Envelope(Schema.Array(ExamSummary)),
      ...errors,
    })
      .annotateMerge(
        describe(
          "For a supervising corrector (SuperCorrector): the school's exams waiting for approval (or of `status`), with the teacher who set each. The path keeps the spec's spelling.",
        ),
      )
      .annotateMerge(requireRole('SuperCorrector')),
    HttpApiEndpoint.post('correctorExams', '/Exams/GetCorrectorExams', {
      payload: CorrectorExamsQuery,
      success: Envelope(Schema.Array(CorrectorExamSummary)),
      ...errors,
    }).annotateMerge(describe('The exams the caller is a corrector of, with her percentage and her own status (`status` narrows to one).')),
    HttpApiEndpoint.get('teacherExamInfo', '/Exams/GetTeacherExamInfo', {
      query: { ExamID: IdFromString },
      success: Envelope(ExamInfo),
      ...errors,
    }).annotateMerge(
      describe(
        "One exam, answer key included, with its subject, grade, class rooms and targeted students by name in the request's language: for its author, its correctors and the supervising correctors of its school.",
      ),
    ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotateMerge(OpenApi.annotations({ title: 'Exams', description: "Exam lists: the teacher's, the supervising corrector's and the corrector's" })) {}
