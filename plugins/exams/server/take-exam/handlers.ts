import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { composeApi } from '../../../../contracts/api.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { ServerKeys } from '../../../../server/services/server-keys.ts'
import { TakeExamGroup } from '../../contract/take-exam-api.ts'
import { uploadExamAnswerFile } from './answer-files.ts'
import { studentExams } from './attempts.ts'
import { examOrder } from './exam-order.ts'
import { examLinks } from './links.ts'
import { instructions, openSession, writeAnswers, type TakeExamKeys } from './session.ts'

/**
 * A student taking her exams (attempts.ts, session.ts). Built against an API of the core's groups
 * and this one (contracts/api.ts composeApi): the same in any API that lists the group. Its links
 * and orders are keyed by the server (ServerKeys), which no client knows.
 */
export const TakeExamHandlers = HttpApiBuilder.group(composeApi([TakeExamGroup]), 'takeExam', (handlers) =>
  Effect.gen(function* () {
    const serverKeys = yield* ServerKeys
    const keys: TakeExamKeys = { links: examLinks(serverKeys), order: examOrder(serverKeys) }
    return handlers
      .handle('studentExams', () => Effect.map(studentExams(keys.links), ok))
      .handle('examInstructions', ({ payload }) => Effect.map(instructions(keys, payload), ok))
      .handle('openExamSession', ({ payload }) => Effect.map(openSession(keys, payload), ok))
      .handle('saveExamAnswers', ({ payload }) => Effect.map(writeAnswers(keys, payload, false), ok))
      .handle('finishExamSession', ({ payload }) => Effect.map(writeAnswers(keys, payload, true), ok))
      .handle('uploadExamAnswerFile', ({ query, payload }) =>
        Effect.map(uploadExamAnswerFile(keys.links, { token: query.Token, deviceKey: query.DeviceKey }, query.QuestionID, query.FileName, payload), ok),
      )
  }),
)
