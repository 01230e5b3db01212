import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../../../contracts/api.ts'
import type { Locale } from '../../../../contracts/errors.ts'
import { ok } from '../../../../contracts/envelope.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { asCaller } from '../../../../server/services/tenancy.ts'
import type { BuilderStage, ExamBuilderOptions } from '../../contract/builder-options-api.ts'
import { correctorCandidates } from '../builder/correctors.ts'

/** The grades of the class rooms the caller ($1) teaches, each with those rooms, in name order. */
const stagesOfCaller = (locale: Locale) => `
  SELECT es.id, es.name_${locale} AS name, json_agg(cr.id ORDER BY cr.id) AS "classRoomIds"
  FROM class_room_teachers t
  JOIN class_rooms cr ON cr.id = t.class_room_id AND cr.school_id = $school
  JOIN educational_stages es ON es.id = cr.stage_id AND es.school_id = $school
  WHERE t.teacher_id = $1 AND t.school_id = $school
  GROUP BY es.id, es.name_${locale}, es.sort
  ORDER BY es.sort, es.name_${locale}`
const stagesSql: Record<Locale, string> = { en: stagesOfCaller('en'), ar: stagesOfCaller('ar') }

export const examBuilderOptions = Effect.gen(function* () {
  const stages = yield* asCaller<BuilderStage>(stagesSql[yield* requestLocale])
  const options: ExamBuilderOptions = { stages, candidates: yield* correctorCandidates }
  return options
})

/** The builder's choices (Fasl's addition). */
export const ExamBuilderOptionsHandlers = HttpApiBuilder.group(FaslApi, 'examBuilderOptions', (handlers) =>
  handlers.handle('examBuilderOptions', () => Effect.map(examBuilderOptions, ok)),
)
