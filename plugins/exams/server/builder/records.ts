import { Effect } from 'effect'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { ExamCorrectorInput, ExamTarget, FixedExamCreate } from '../../contract/exam.ts'
import { planCorrectors, type StoredCorrector } from './corrector-plan.ts'
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

/** Its correctors as named (planCorrectors, already checked): those no longer named go, each named one is written with her new status. */
export const writeCorrectors = (examId: number, correctors: ReadonlyArray<ExamCorrectorInput>) =>
  Effect.gen(function* () {
    const plan = planCorrectors(correctors, yield* inSchool<StoredCorrector>(sql.storedCorrectors, [examId]))
    yield* inSchool(sql.deleteCorrectorsBut, [examId, JSON.stringify(plan.named.map((corrector) => corrector.correctorId))])
    yield* Effect.forEach(
      plan.named,
      (corrector) => inSchool(sql.upsertCorrector, [examId, corrector.correctorId, corrector.percentage, corrector.sort, corrector.status]),
      { discard: true },
    )
  })
