import { Effect } from 'effect'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { ExamCorrectorInput, ExamTarget, FixedExamCreate } from '../../contract/exam.ts'
import { insertClassRooms, insertStudents, sql } from './sql.ts'

/** Writing an exam's rows beside the exam itself: its target and its correctors. */

/** The exam's columns $1… of insert, in their order after the teacher. */
export const examColumns = (input: FixedExamCreate) => [
  input.subjectId,
  input.stageId,
  input.title.trim(),
  input.examType,
  input.training,
  input.timing,
  input.questionOrder,
  input.correctorsMode,
  input.correctorsMode === 'double' ? (input.markDifferenceThreshold ?? null) : null,
  input.startsAt,
  input.endsAt,
  input.durationMinutes,
  input.questionCount,
  input.totalDegree,
  JSON.stringify(input.questions),
  input.target.kind,
]

/** Its class rooms or students, replacing what was there. */
export const writeTarget = (examId: number, target: ExamTarget) =>
  Effect.gen(function* () {
    yield* inSchool(sql.deleteClassRooms, [examId])
    yield* inSchool(sql.deleteStudents, [examId])
    const ids = target.kind === 'classes' ? target.classRoomIds : target.studentIds
    if (ids.length === 0) return
    yield* inSchool((target.kind === 'classes' ? insertClassRooms : insertStudents)(ids.length), [examId, ...ids])
  })

/**
 * Its correctors in the order given: those no longer named go, a kept one keeps her status (her
 * answer stands) with her new share, a new one is assigned (the table's default, the corrector machine's first status).
 */
export const writeCorrectors = (examId: number, correctors: ReadonlyArray<ExamCorrectorInput>) =>
  Effect.gen(function* () {
    const ids = correctors.map((corrector) => corrector.correctorId.toLowerCase())
    yield* inSchool(sql.deleteCorrectorsBut, [examId, JSON.stringify(ids)])
    yield* Effect.forEach(correctors, (corrector, sort) => inSchool(sql.upsertCorrector, [examId, ids[sort], corrector.percentage, sort]), { discard: true })
  })
