import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { classAnswers, correctionList, gradeAnswers, markCorrected, reopenCorrection, submissionForCorrection } from './correction.ts'
import { gradeBook } from './grade-book.ts'
import { uploadAnswerFile } from './answer-files.ts'
import { myHomeworks, myTarget, openHomework, saveDraft, submitHomework, undoHandIn } from './student.ts'
import { extendDue } from './extensions.ts'
import { PresentationOrder } from '../presentation-order.ts'

/**
 * A student answering her homework (student.ts). The presentation order is homework's own service
 * (feature.ts provides it when the group is built), handed to the calls that show her questions.
 */
export const StudentHomeworkHandlers = HttpApiBuilder.group(FaslApi, 'studentHomework', (handlers) =>
  Effect.gen(function* () {
    const withOrder = Effect.provideService(PresentationOrder, yield* PresentationOrder)
    return handlers
      .handle('myHomeworks', ({ query }) => Effect.map(myHomeworks(query.Type), ok))
      .handle('openHomework', ({ payload }) => Effect.map(openHomework(payload.homeworkId), ok).pipe(withOrder))
      .handle('saveHomeworkDraft', ({ payload }) => Effect.map(saveDraft(payload), ok).pipe(withOrder))
      .handle('submitHomework', ({ payload }) => Effect.map(submitHomework(payload), ok).pipe(withOrder))
      .handle('undoHandIn', ({ payload }) => Effect.map(undoHandIn(payload), ok).pipe(withOrder))
      .handle('uploadAnswerFile', ({ query, payload }) =>
        Effect.gen(function* () {
          const target = yield* myTarget(query.HomeworkID)
          return ok(yield* uploadAnswerFile(target, query.QuestionID, query.FileName, payload))
        }),
      )
  }),
)

/** Teachers correcting it (correction.ts) and the grade book (grade-book.ts). */
export const HomeworkCorrectionHandlers = HttpApiBuilder.group(FaslApi, 'homeworkCorrection', (handlers) =>
  handlers
    .handle('correctionList', ({ query }) => Effect.map(correctionList(query.HomeworkID), ok))
    .handle('classAnswers', ({ query }) => Effect.map(classAnswers(query.HomeworkID), ok))
    .handle('submissionForCorrection', ({ query }) => Effect.map(submissionForCorrection(query.HomeworkID, query.StudentID), ok))
    .handle('gradeAnswers', ({ payload }) => Effect.map(gradeAnswers(payload), ok))
    .handle('markCorrected', ({ payload }) => Effect.map(markCorrected(payload), ok))
    .handle('reopenCorrection', ({ payload }) => Effect.map(reopenCorrection(payload), ok))
    .handle('extendDue', ({ payload }) => Effect.map(extendDue(payload), ok))
    .handle('gradeBookCsv', ({ query }) => gradeBook(query.ClassRoomID, query.SubjectID)),
)
