import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { CorrectorExamSession, CorrectorPapers, CorrectSessionQuestion, FinishPaper, FlaggedDifference, SettleDifference } from './correction.ts'
import { correctionCatalogue, correctionRuleMessages } from './correction-codes.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

const lazyClose =
  "The papers are given out on the first correction read after the exam closes (its end and the school's grace period for late answers, by the server's clock): split mode gives each approved corrector her percentage of the finished attempts (largest remainders, dealt across class rooms), double marking gives every one every attempt; auto-gradable answers are scored then."

/**
 * Correctors grading their papers (issue 22 "Correctors mode", "Correction and results"): her papers,
 * one paper, a mark on one question, finishing a paper; the supervising corrector's flagged differences.
 * A corrector reaches her own papers only: another's, or another school's, answers 404.
 */
export class ExamCorrectionGroup extends HttpApiGroup.make('examCorrection')
  .add(
    HttpApiEndpoint.get('correctorPapers', '/Sessions/GetCorrectorPapers', {
      query: { ExamID: IdFromString },
      success: Envelope(CorrectorPapers),
      ...errors,
    }).annotateMerge(
      describe(`The caller's papers of an exam she corrects, graded or not, in the order next and previous follow. Before the exam closes 240. ${lazyClose}`),
    ),
    HttpApiEndpoint.get('correctorExamSession', '/Sessions/GetCorrectorExamSession', {
      query: { ExamSessionID: IdFromString },
      success: Envelope(CorrectorExamSession),
      ...errors,
    }).annotateMerge(
      describe(
        "One of the caller's papers: the exam's questions with their answer key, the student's answers, their automatic scores and her marks, and the papers before and after it. Another corrector's paper answers 404.",
      ),
    ),
    HttpApiEndpoint.post('correctSessionQuestion', '/Sessions/CorrectSessionQuestion', {
      payload: CorrectSessionQuestion,
      success: Envelope(CorrectorExamSession),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "Her score (from 0 to the question's degree, at most two decimals; 105 otherwise) and comment on one question of her paper, at the paper's `version` (139 when it changed since). It overrides the automatic score. Her first mark starts her grading (approved → in progress). Once the exam is done 241.",
        ),
      ),
    HttpApiEndpoint.post('finishPaper', '/Sessions/FinishPaper', {
      payload: FinishPaper,
      success: Envelope(CorrectorExamSession),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          'Marks her paper graded once every question graded by hand has her mark (242 otherwise). When every paper of the exam is graded and, in double marking, every flagged difference settled, the exam is done.',
        ),
      ),
    HttpApiEndpoint.get('flaggedDifferences', '/Sessions/GetFlaggedDifferences', {
      query: { ExamID: IdFromString },
      success: Envelope(Schema.Array(FlaggedDifference)),
      ...errors,
    })
      .annotateMerge(
        describe(
          "For a supervising corrector: double marking's questions whose markers' scores (a mark, else the automatic score) differ by more than the exam's threshold, settled or not. Split mode has none.",
        ),
      )
      .annotateMerge(requireRole('SuperCorrector')),
    HttpApiEndpoint.post('settleDifference', '/Sessions/SettleDifference', {
      payload: SettleDifference,
      success: Envelope(FlaggedDifference),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          "For a supervising corrector: her score on a flagged question (from 0 to its degree) wins over the markers'. A question not flagged 244. When nothing is left to grade or settle, the exam is done.",
        ),
      )
      .annotateMerge(requireRole('SuperCorrector')),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Exams'))
  .annotate(FeatureCatalogue, correctionCatalogue)
  .annotate(FeatureRuleMessages, correctionRuleMessages)
  .annotateMerge(
    OpenApi.annotations({ title: 'Exam correction', description: 'Correctors grade their papers; the supervising corrector settles differences' }),
  ) {}
