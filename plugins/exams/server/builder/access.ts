import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { Forbidden, InvalidInput, Refused } from '../../../../contracts/failures.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { effectiveRoles, holdsAnyRole } from '../../../../contracts/roles.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { found } from '../../../../server/db/found.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { questionsLocked } from '../../../../machines/exam-lifecycle.machine.ts'
import { settleExamClock } from '../status/exam-clock.ts'
import type { ExamStatus, ExamTarget } from '../../contract/exam.ts'
import type { ExamCorrector, FixedExamDetails } from '../../contract/exam-views.ts'
import { sql, type ExamRow } from './sql.ts'

/** 105 naming every field at once, when there is anything to say. */
export const refuseIssues = (issues: ReadonlyArray<Issue>) => (issues.length === 0 ? Effect.void : Effect.fail(new InvalidInput({ issues })))

export const refuseWithCode = (code: number) => Effect.fail(new Refused({ code }))

/** The role that approves exams and modifies any exam's correctors (spec §6, supervising corrector). */
export const supervisorRole = 'SuperCorrector'

/** Whether the caller, as her account is now, is a supervising corrector. */
export const callerSupervises = Effect.gen(function* () {
  const caller = yield* CurrentCaller
  return holdsAnyRole(effectiveRoles(caller.roles, caller.userType), [supervisorRole])
})

/** 403 unless the caller is a supervising corrector. */
export const mustSupervise = Effect.flatMap(callerSupervises, (supervises) => (supervises ? Effect.void : Effect.fail(new Forbidden())))

/** The caller's own exam (404 for anyone else's), as stored, after the clock's moves due on it. */
export const ownExam = (id: number) =>
  Effect.gen(function* () {
    yield* settleExamClock(id)
    return yield* Effect.flatMap(asCaller<ExamRow>(sql.ownExam, id), found)
  })

/** An exam the caller wrote or corrects, or, a supervising corrector, any of her school's (404 otherwise). */
export const viewableExam = (id: number) =>
  Effect.gen(function* () {
    const supervises = yield* callerSupervises
    yield* settleExamClock(id)
    return yield* Effect.flatMap(asCaller<ExamRow>(sql.viewableExam, id, supervises), found)
  })

/** An exam of the caller's or, when she supervises, of her school (for the correctors and approval). */
export const ownOrSupervisedExam = (id: number) =>
  Effect.gen(function* () {
    const supervises = yield* callerSupervises
    yield* settleExamClock(id)
    const rows = yield* asCaller<ExamRow>(sql.viewableExam, id, supervises)
    const caller = yield* CurrentCaller
    // A corrector sees the exam, but only its author or a supervisor changes its correctors.
    return yield* found(rows.filter((row) => supervises || row.teacherId === caller.userId))
  })

export const correctorsOf = (examId: number) => inSchool<ExamCorrector>(sql.correctorsOf, [examId])

const targetOf = (row: ExamRow) =>
  Effect.gen(function* () {
    if (row.targetKind === 'classes') {
      const rooms = yield* inSchool<{ id: number }>(sql.classRoomsOf, [row.id])
      return { kind: 'classes', classRoomIds: rooms.map((room) => room.id) } satisfies ExamTarget
    }
    const students = yield* inSchool<{ id: number }>(sql.studentsOf, [row.id])
    return { kind: 'students', studentIds: students.map((student) => student.id) } satisfies ExamTarget
  })

export const detailsOf = (row: ExamRow) =>
  Effect.gen(function* () {
    const { targetKind: _kind, questions, status, ...rest } = row
    const details: FixedExamDetails = {
      ...rest,
      status: status as ExamStatus,
      questions: questions as ReadonlyArray<Question>,
      target: yield* targetOf(row),
      correctors: yield* correctorsOf(row.id),
      questionsLocked: questionsLocked(status as ExamStatus),
    }
    return details
  })

/** The caller's exam as answered after a write. */
export const ownDetails = (id: number) => Effect.flatMap(ownExam(id), detailsOf)
