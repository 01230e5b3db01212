import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { ApprovalUpdate, CorrectorApprovalUpdate, CorrectorResponse, CorrectorsUpdate, ExamIdBody, FixedExamCreate, FixedExamUpdate } from './exam.ts'
import { ExamCorrectorsForEdit, FixedExamDetails } from './exam-views.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

/**
 * The exam builder (exam service, supplementary spec §7 "ExamBuilder/…"). A teacher holding Exams
 * builds fixed exams of subjects she teaches for class rooms (or their students) she teaches them
 * in, and only she reads them for editing, changes or deletes them; anyone else's exam (another
 * teacher's, another school's, or none) answers 404, so another school's ids are indistinguishable
 * from none. Every rule of exam.ts and exam-rules.ts is checked again on the server (105 naming
 * each field). Every status change is checked with machines/exam-lifecycle.machine.ts and
 * machines/exam-corrector.machine.ts; a move they refuse answers the code that says why.
 */
export class ExamBuilderGroup extends HttpApiGroup.make('examBuilder')
  .add(
    HttpApiEndpoint.post('createFixedExam', '/ExamBuilder/CreateFixedExam', { payload: FixedExamCreate, success: Envelope(FixedExamDetails), ...errors })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe('Saves a fixed exam as a draft, with its questions, target and correctors (their percentages total 100).')),
    HttpApiEndpoint.post('updateFixedExam', '/ExamBuilder/UpdateFixedExam', { payload: FixedExamUpdate, success: Envelope(FixedExamDetails), ...errors })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          '`version` is the one the edit was made against; an exam that moved on since answers code 139 and is not changed. A draft or an exam that requires an edit stays where it is; an approved one loses its approval (it waits for approval again). One waiting for approval is withdrawn first (code 187); a rejected one is only deleted (188); once assigned to students nothing changes, its questions least of all (180). The correctors mode is fixed once a paper is graded (105).',
        ),
      ),
    HttpApiEndpoint.get('fixedExamForEdit', '/ExamBuilder/GetFixedExamForEdit', {
      query: { ExamID: IdFromString },
      success: Envelope(FixedExamDetails),
      ...errors,
    }).annotateMerge(describe('The whole exam, answer key included, for its author.')),
    HttpApiEndpoint.post('deleteExam', '/ExamBuilder/DeleteExam', { payload: ExamIdBody, success: Envelope(Schema.Null), ...errors })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe("Deletes one of the caller's exams that is not yet assigned to students (else code 184).")),
    HttpApiEndpoint.post('switchExamToTrainingMode', '/ExamBuilder/SwitchExamToTrainingMode', {
      query: { ExamID: IdFromString },
      success: Envelope(FixedExamDetails),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe("Makes one of the caller's exams its type's training variant (its marks count for nothing); refused once published (code 186).")),
    HttpApiEndpoint.post('updateCorrectors', '/ExamBuilder/UpdateCorrectors', {
      payload: CorrectorsUpdate,
      success: Envelope(ExamCorrectorsForEdit),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "The exam's correctors mode and correctors with their percentages (total 100), by its author or a supervising corrector, while the lifecycle lets them change. The mode cannot be converted once a paper is graded; a corrector who accepted or was approved keeps her share until the supervisor requires an edit; one who started grading stays (105). A newly named corrector is assigned and answers with RespondToCorrectorAssignment.",
        ),
      ),
    HttpApiEndpoint.post('examCorrectorsForEdit', '/ExamBuilder/GetExamCorrectorsForEdit', {
      query: { ExamID: IdFromString },
      success: Envelope(ExamCorrectorsForEdit),
      ...errors,
    }).annotateMerge(
      describe("The exam's correctors and the teachers who may be named, for its author or a supervising corrector (POST, as the spec writes it)."),
    ),
    HttpApiEndpoint.post('updateApprovalStatus', '/ExamBuilder/UpdateApprovalStatusForFixedExam', {
      payload: ApprovalUpdate,
      success: Envelope(FixedExamDetails),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "`submit`: the author sends a draft, or an exam that requires an edit, for approval when it has questions and its correctors' shares total 100 (else code 181); `withdraw`: she takes one waiting for approval back to draft (else 182). `approve`, `requireEdit` and `reject` (these two with a `reason`): a supervising corrector (SuperCorrector, else 403) decides on an exam of her school waiting for approval, or requires an edit of an approved one not yet assigned (else code 182).",
        ),
      ),
    HttpApiEndpoint.post('assignFixedExam', '/ExamBuilder/AssignFixedExam', { payload: ExamIdBody, success: Envelope(FixedExamDetails), ...errors })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Fasl's addition to the spec's calls: the author sends her approved exam to its students (approved → assigned, else code 183); from then its questions are fixed.",
        ),
      ),
    HttpApiEndpoint.post('respondToCorrectorAssignment', '/ExamBuilder/RespondToCorrectorAssignment', {
      payload: CorrectorResponse,
      success: Envelope(Schema.Null),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Fasl's addition to the spec's calls: a corrector named on an exam accepts (she then waits for the supervising corrector's approval) or declines, with a reason if she likes (she then holds no share); once, else code 185.",
        ),
      ),
    HttpApiEndpoint.post('updateCorrectorApprovalStatus', '/ExamBuilder/UpdateCorrectorApprovalStatus', {
      payload: CorrectorApprovalUpdate,
      success: Envelope(ExamCorrectorsForEdit),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Fasl's addition to the spec's calls: a supervising corrector (SuperCorrector) approves a corrector who accepted, or requires an edit (with a `reason`) of her share or her being there; the teacher then changes it with UpdateCorrectors (else code 189).",
        ),
      ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotateMerge(OpenApi.annotations({ title: 'Exam builder', description: 'Fixed exams: building, approval and correctors' })) {}
