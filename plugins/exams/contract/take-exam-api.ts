import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { BodyLimit } from '../../../contracts/body-limit.ts'
import { UploadFileName } from '../../../contracts/fields.ts'
import { AnswerFile, recordedAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { ItemKey } from '../../../contracts/questions/parts.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'
import { DeviceKey, ExamInstructions, ExamLink, ExamLinkToken, ExamSession, MyExams, SavedExamAnswers, SaveExamAnswers, takeExamDefaults } from './take-exam.ts'
import { largestExamAnswerBytes } from './take-exam-uploads.ts'
import { takeExamCatalogue } from './take-exam-codes.ts'
import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { takeExamRuleMessages } from './take-exam-rule-messages.ts'

const errors = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const

const describe = (description: string) => OpenApi.annotations({ description })

const linkRules =
  'A link that is unknown, not the caller\'s, bound to another device or finished answers 190 ("This exam URL is not valid anymore, it is for one use only").'
const lazyDeadline = 'A deadline that has passed counts as finished when it is next read or written (no background job).'
const grace = `Answers given (\`givenAt\`, by the server's clock as the page keeps it) before her deadline are accepted when they arrive within the school's grace period (${takeExamDefaults.offlineGraceSeconds} s unless the school sets another); later ones answer 193, after finishing 194.`

/**
 * A student taking an exam through her single-use link (exam service): her exams with their links,
 * the start instructions, opening (which binds the link to her device and starts her clock), saving
 * her answers as she gives them, finishing. Students only.
 */
export class TakeExamGroup extends HttpApiGroup.make('takeExam')
  .add(
    HttpApiEndpoint.get('studentExams', '/Sessions/GetStudentExams', {
      success: Envelope(MyExams),
      ...errors,
    }).annotateMerge(
      describe(
        `The exams aimed at the caller (her class room, or her among the chosen students) once assigned, soonest first, each with her link's token while it can still open. ${lazyDeadline}`,
      ),
    ),
    HttpApiEndpoint.post('examInstructions', '/Sessions/GetExamSessionInstructions', {
      payload: ExamLink,
      success: Envelope(ExamInstructions),
      ...errors,
    }).annotateMerge(
      describe(
        `What the start page shows (title, duration, her deadline, question count); starts nothing. ${linkRules} Before the exam's start 191, after its end (never started) 192.`,
      ),
    ),
    HttpApiEndpoint.post('openExamSession', '/Sessions/OpenExamSession', {
      payload: ExamLink,
      success: Envelope(ExamSession),
      ...errors,
    }).annotateMerge(
      describe(
        `Idempotent by nature (a later open on the same device only reads), so it takes no Idempotency-Key. The first open binds the link to \`deviceKey\` and starts her attempt: the deadline is the server's time plus the duration plus her accommodation, never after the exam's end. Two opens racing start it once. Answers the questions in her own order without what is right, her saved answers and marks for review, her deadline and the server's time. ${linkRules} ${lazyDeadline}`,
      ),
    ),
    HttpApiEndpoint.post('saveExamAnswers', '/Sessions/SaveExamAnswers', {
      payload: SaveExamAnswers,
      success: Envelope(SavedExamAnswers),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(
        describe(
          `Keeps her answers and marks for review (they replace the stored ones). Every answer names a question of the exam and is of its type (105 on \`answers.<key>\`). ${grace} ${linkRules}`,
        ),
      ),
    HttpApiEndpoint.post('finishExamSession', '/Sessions/FinishExamSession', {
      payload: SaveExamAnswers,
      success: Envelope(SavedExamAnswers),
      ...errors,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(describe(`Keeps these last answers and finishes her attempt, for good: the link opens no more. ${grace}`)),
    HttpApiEndpoint.post('uploadExamAnswerFile', '/Sessions/UploadExamAnswerFile', {
      query: { Token: ExamLinkToken, DeviceKey, QuestionID: ItemKey, FileName: UploadFileName },
      payload: HttpApiSchema.StreamUint8Array({ maxBytes: largestExamAnswerBytes }),
      success: Envelope(AnswerFile),
      ...errors,
    })
      // Streamed to the file store, never held whole, so no Idempotency-Key (as Student/UploadAnswerFile):
      // a retried upload leaves one file no answer names, deleted after a day.
      .annotate(BodyLimit, {
        maxBytes: largestExamAnswerBytes - 1,
        field: 'file',
        key: 'fileSizeExceeded',
        values: { kind: 'video', max: largestExamAnswerBytes / 1024 / 1024 },
      })
      .annotateMerge(
        describe(
          `One file of her answer to a file-upload question (type 9) or her recording for an audio question (type 10) of the attempt behind \`Token\`, from the device holding it, as the raw request body (application/octet-stream), streamed to storage. While her attempt takes answers: after her deadline and the grace period 193, after finishing 194. A question not in the exam or of another type answers 105 on \`QuestionID\`. The type is read from the bytes: for type 9 the spec's attachment types and limits, for type 10 a browser's recording (WebM, Ogg or MP4 audio) under ${recordedAnswerRules.maxBytes.audio / 1024 / 1024} MB. Her limits: 20 files of one question no saved answer names (195) and her bytes of the day (157). Answers the stored file; SaveExamAnswers then names it (fileIds, recordingId), and only her own files of that attempt and question may be named (105 on \`answers.<key>.fileIds\` / \`.recordingId\`). ${linkRules}`,
        ),
      ),
  )
  .middleware(Authentication)
  .prefix('/exam/api')
  .annotateEndpointsMerge(allow('Student'))
  .annotate(FeatureCatalogue, takeExamCatalogue)
  .annotate(FeatureRuleMessages, takeExamRuleMessages)
  .annotateMerge(OpenApi.annotations({ title: 'Take exam', description: 'A student takes her exams through single-use links' })) {}
